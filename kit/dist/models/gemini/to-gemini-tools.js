import { KitError } from '../../errors/index.js';
import { ToolNames } from './tool-names.js';
// The generate loop sends the same tools array on every round of a generation: convert it once.
const converted = new WeakMap();
// Requests without tools share one map; it only caches how history names sanitise.
const NO_FUNCTIONS = { names: new ToolNames(), declarations: [] };
/** Tool definitions as function declarations (JSON Schema as `parametersJsonSchema`). */
export function toGeminiFunctions(tools) {
    if (!tools?.length)
        return NO_FUNCTIONS;
    let result = converted.get(tools);
    if (!result) {
        const names = new ToolNames(tools.map((t) => t.name));
        const declarations = tools.map((tool) => {
            const declaration = { name: names.toGemini(tool.name), description: tool.description };
            if (tool.inputSchema)
                declaration.parametersJsonSchema = tool.inputSchema;
            return declaration;
        });
        result = { names, declarations };
        converted.set(tools, result);
    }
    return result;
}
const MODES = { auto: 'AUTO', required: 'ANY', none: 'NONE' };
/** `toolChoice` as Gemini's function calling mode, merged into the caller's own tool config. */
export function toGeminiToolConfig(toolChoice, given) {
    // Streamed arguments arrive as JSON-path fragments over several chunks; reading them as
    // whole calls would run tools with partial input, so they are refused rather than misread.
    if (given?.functionCallingConfig?.streamFunctionCallArguments) {
        throw new KitError('unimplemented', 'the Gemini adapter does not read streamed function call arguments');
    }
    if (!toolChoice)
        return given;
    const config = { ...given };
    config.functionCallingConfig = {
        ...config.functionCallingConfig,
        mode: MODES[toolChoice],
    };
    return config;
}
// Server-side tools a config may name by key, as the model spec's examples do.
const SERVER_TOOL_KEYS = ['googleSearch', 'codeExecution', 'urlContext'];
/** Function declarations first, then the config's server-side tools (googleSearch, …). */
export function mergeGeminiTools(declarations, config) {
    const tools = declarations.length ? [{ functionDeclarations: declarations }] : [];
    for (const key of SERVER_TOOL_KEYS)
        if (config[key])
            tools.push({ [key]: config[key] });
    if (config.tools)
        tools.push(...config.tools);
    return tools.length ? tools : undefined;
}
//# sourceMappingURL=to-gemini-tools.js.map