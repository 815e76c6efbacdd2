import type { Part as GeminiPart } from '@google/genai';
import type { Part } from '../../model/index.js';
import type { ToolNames } from './tool-names.js';
/** What converting the parts of a conversation needs to remember between messages. */
export interface PartContext {
    names: ToolNames;
    /** Refs sent as function call ids: only their responses carry the id back. */
    echoedIds: Set<string>;
}
/** One kit part as a Gemini part; undefined for a part that is not sent (a partial tool request). */
export declare function toGeminiPart(part: Part, context: PartContext): GeminiPart | undefined;
