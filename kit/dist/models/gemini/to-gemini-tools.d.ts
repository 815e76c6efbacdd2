import type { FunctionDeclaration, Tool as GeminiTool, ToolConfig } from '@google/genai';
import type { ToolChoice, ToolDefinition } from '../../model/index.js';
import { ToolNames } from './tool-names.js';
/** The request's tools as Gemini sees them, with the name map that leads back. */
export interface GeminiFunctions {
    names: ToolNames;
    declarations: FunctionDeclaration[];
}
/** Tool definitions as function declarations (JSON Schema as `parametersJsonSchema`). */
export declare function toGeminiFunctions(tools: readonly ToolDefinition[] | undefined): GeminiFunctions;
/** `toolChoice` as Gemini's function calling mode, merged into the caller's own tool config. */
export declare function toGeminiToolConfig(toolChoice: ToolChoice | undefined, given: Record<string, unknown> | undefined): ToolConfig | undefined;
declare const SERVER_TOOL_KEYS: readonly ['googleSearch', 'codeExecution', 'urlContext'];
/** Function declarations first, then the config's server-side tools (googleSearch, …). */
export declare function mergeGeminiTools(declarations: FunctionDeclaration[], config: {
    tools?: Record<string, unknown>[] | undefined;
} & Partial<Record<(typeof SERVER_TOOL_KEYS)[number], Record<string, unknown> | undefined>>): GeminiTool[] | undefined;
export {};
