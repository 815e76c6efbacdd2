import type { Message, ToolRequestPart, ToolResponsePart } from '../model/index.js';
import { type ToolCallScope } from './execute-tool-call.js';
import type { ToolResultStep } from './generate-options.js';
/** How a round ended: every call answered (a tool message), or some waiting for a person. */
export type ResolvedRound = {
    message: Message;
    toolMessage: Message;
    interruptedMessage?: undefined;
    interrupts?: undefined;
} | {
    message: Message;
    interruptedMessage: Message;
    interrupts: ToolRequestPart[];
    toolMessage?: undefined;
};
/** What a round runs with besides its tools. */
export interface RoundHooks {
    /** Streams a response the moment its call has one. */
    onResponse?: ((response: ToolResponsePart) => void) | undefined;
    /** Journals a call's result before the round goes on (awaited). */
    onToolResult?: ((step: ToolResultStep) => void | Promise<void>) | undefined;
}
/**
 * Settles the open round `message` holds, in parallel: a recorded response is reused, an
 * approved or unanswered call runs (as resumed, or fresh), a call waiting for a person waits.
 * The round waits for every call before a failure ends it, so what finished is journaled.
 * With nothing waiting, the responses form the tool message, in request order; otherwise the
 * message comes back stamped: waiting calls carry `interrupt`, answered ones `pendingOutput`.
 * One record per call and one promise per round: a call's result goes straight to the round.
 */
export declare function runOpenRound(message: Message, scope: ToolCallScope, hooks?: RoundHooks): Promise<ResolvedRound>;
