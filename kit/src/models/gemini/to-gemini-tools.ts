import type { FunctionCallingConfigMode, FunctionDeclaration, Tool as GeminiTool, ToolConfig } from '@google/genai';
import { KitError } from '../../errors/index.js';
import type { ToolChoice, ToolDefinition } from '../../model/index.js';
import { ToolNames } from './tool-names.js';

/** The request's tools as Gemini sees them, with the name map that leads back. */
export interface GeminiFunctions {
  names: ToolNames;
  declarations: FunctionDeclaration[];
}

// The generate loop sends the same tools array on every round of a generation: convert it once.
const converted = new WeakMap<readonly ToolDefinition[], GeminiFunctions>();
// Requests without tools share one map; it only caches how history names sanitise.
const NO_FUNCTIONS: GeminiFunctions = { names: new ToolNames(), declarations: [] };

/** Tool definitions as function declarations (JSON Schema as `parametersJsonSchema`). */
export function toGeminiFunctions(tools: readonly ToolDefinition[] | undefined): GeminiFunctions {
  if (!tools?.length) return NO_FUNCTIONS;
  let result = converted.get(tools);
  if (!result) {
    const names = new ToolNames(tools.map((t) => t.name));
    const declarations = tools.map((tool) => {
      const declaration: FunctionDeclaration = { name: names.toGemini(tool.name), description: tool.description };
      if (tool.inputSchema) declaration.parametersJsonSchema = tool.inputSchema;
      return declaration;
    });
    result = { names, declarations };
    converted.set(tools, result);
  }
  return result;
}

const MODES: Record<ToolChoice, `${FunctionCallingConfigMode}`> = { auto: 'AUTO', required: 'ANY', none: 'NONE' };

/** `toolChoice` as Gemini's function calling mode, merged into the caller's own tool config. */
export function toGeminiToolConfig(
  toolChoice: ToolChoice | undefined,
  given: Record<string, unknown> | undefined,
): ToolConfig | undefined {
  // Streamed arguments arrive as JSON-path fragments over several chunks; reading them as
  // whole calls would run tools with partial input, so they are refused rather than misread.
  if ((given as ToolConfig | undefined)?.functionCallingConfig?.streamFunctionCallArguments) {
    throw new KitError('unimplemented', 'the Gemini adapter does not read streamed function call arguments');
  }
  if (!toolChoice) return given as ToolConfig | undefined;
  const config = { ...given } as ToolConfig;
  config.functionCallingConfig = {
    ...config.functionCallingConfig,
    mode: MODES[toolChoice] as FunctionCallingConfigMode,
  };
  return config;
}

// Server-side tools a config may name by key, as the model spec's examples do.
const SERVER_TOOL_KEYS = ['googleSearch', 'codeExecution', 'urlContext'] as const;

/** Function declarations first, then the config's server-side tools (googleSearch, …). */
export function mergeGeminiTools(
  declarations: FunctionDeclaration[],
  config: { tools?: Record<string, unknown>[] | undefined } & Partial<
    Record<(typeof SERVER_TOOL_KEYS)[number], Record<string, unknown> | undefined>
  >,
): GeminiTool[] | undefined {
  const tools: GeminiTool[] = declarations.length ? [{ functionDeclarations: declarations }] : [];
  for (const key of SERVER_TOOL_KEYS) if (config[key]) tools.push({ [key]: config[key] });
  if (config.tools) tools.push(...(config.tools as GeminiTool[]));
  return tools.length ? tools : undefined;
}
