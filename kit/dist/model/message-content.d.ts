import type { Message } from './message.js';
import type { Part, ToolRequestPart, ToolResponsePart } from './parts.js';
/** The text of a list of parts, joined. */
export declare function textOf(content: readonly Part[]): string;
/** The tool request parts of a message. */
export declare function toolRequestsOf(message: Message | undefined): ToolRequestPart[];
/** The tool response parts of a message. */
export declare function toolResponsesOf(message: Message | undefined): ToolResponsePart[];
