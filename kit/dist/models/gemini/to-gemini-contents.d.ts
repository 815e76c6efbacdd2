import type { Content } from '@google/genai';
import type { Message } from '../../model/index.js';
import type { ToolNames } from './tool-names.js';
/** A conversation as Gemini takes it: the system instruction apart from the turns. */
export interface GeminiContents {
    contents: Content[];
    systemInstruction?: Content;
}
/**
 * Converts messages: system messages become the system instruction (never history), model
 * turns stay `model`, and user and tool turns are `user` turns (tool results as function
 * responses). A turn left with no parts is dropped, since Gemini refuses empty turns.
 */
export declare function toGeminiContents(messages: readonly Message[], names: ToolNames): GeminiContents;
