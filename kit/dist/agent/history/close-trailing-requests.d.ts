import type { Message } from '../../model/index.js';
/**
 * Why an open round is closed without going on: its approvals expired, its turn failed, it hit
 * its limit, or the user stopped it (a `stop`).
 */
export type ClosingReason = 'expired' | 'cut-short' | 'stopped' | 'user-stop';
/**
 * Ends a history whose last model message is an open round (approvals that expired, a turn cut
 * short by a failure, one stopped by `maxTurns`) by answering each call honestly: a call that
 * ran keeps its recorded response; a call nobody answered was not run; a call that may have
 * started but left no result is said to be unknown, never "not run". The history then takes a
 * new user message.
 */
export declare function closeTrailingRequests(history: readonly Message[], reason: ClosingReason): Message[];
