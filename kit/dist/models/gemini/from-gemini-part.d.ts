import type { FunctionCall, Part as GeminiPart } from '@google/genai';
import type { Part } from '../../model/index.js';
import type { ToolNames } from './tool-names.js';
/** The ref a function call gets, and whether the adapter made it up. */
export interface CallRef {
    ref: string;
    synthetic: boolean;
}
/** What reading a response's parts needs: the name map and the refs of its calls. */
export interface ReadContext {
    names: ToolNames;
    refFor: (call: FunctionCall) => CallRef;
}
/**
 * One Gemini part as a kit part: thoughts as reasoning, function calls as tool requests
 * (named back, with a ref), media as media, and anything else (executable code, its result,
 * server-side tool calls) as a custom part. The thought signature stays in the metadata.
 */
export declare function fromGeminiPart(part: GeminiPart, context: ReadContext): Part | undefined;
