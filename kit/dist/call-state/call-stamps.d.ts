import { type Asked } from '@callable-flows/protocol/call-state';
import type { ToolRequestPart, ToolResponsePart } from '../model/index.js';
/**
 * The request, stamped as waiting for a person, with the digest of the input it asks about (what
 * a client's view shows and sends back with its answer; admission compares it with the stored input's).
 */
export declare function stampInterrupt(part: ToolRequestPart, metadata: Asked): ToolRequestPart;
/** The request, carrying the response it already has while other calls of the turn wait. */
export declare function stampPendingOutput(part: ToolRequestPart, response: ToolResponsePart): ToolRequestPart;
/** The request, marked as an interrupt that has been dealt with (closed without an answer). */
export declare function stampResolved(part: ToolRequestPart): ToolRequestPart;
/** The request with no pending state left on it. */
export declare function clearStamps(part: ToolRequestPart): ToolRequestPart;
/** The response a recorded call stands for (`undefined` when it has none). */
export declare function recordedResponse(part: ToolRequestPart): ToolResponsePart | undefined;
/** The waiting request, answered by a person with `response` (respond or decline): final once stored. */
export declare function stampAnswer(part: ToolRequestPart, response: ToolResponsePart): ToolRequestPart;
/** The waiting request, approved by a person (`restart` is what tool.restart made of it): it runs next. */
export declare function stampApproved(part: ToolRequestPart, restart: ToolRequestPart): ToolRequestPart;
/** An answered call as it stood while it waited: what a retried answer is built from and compared with. */
export declare function asWaiting(part: ToolRequestPart): ToolRequestPart;
