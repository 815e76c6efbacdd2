import type { GenerateResponse } from './response.js';
/**
 * True when `MessageSchema` surely accepts `message`: a role and text, tool-request and
 * tool-response parts with nothing else on them. False says only "ask the schema".
 */
export declare function isPlainMessage(message: unknown): boolean;
/**
 * A copy of a runner's response as `GenerateResponseSchema` would return it, when the response
 * has the common shape (a message of text and tool-request parts, a finish reason, maybe a finish
 * message); undefined for anything else, which the schema must then parse.
 */
export declare function copyPlainResponse(raw: unknown): GenerateResponse | undefined;
