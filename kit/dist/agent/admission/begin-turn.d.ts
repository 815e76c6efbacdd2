import { type AgentRuntime } from '../runtime/index.js';
import type { AgentTurnResult, ClientTurnRequest, ContinuationRequest, StartedTurn } from '../turn/index.js';
/** What beginning a call gives: a turn to run, or the stored result of the call it repeats. */
export type TurnStart = {
    replay: AgentTurnResult;
} | {
    started: StartedTurn;
};
/** A client's call for a session (none: a first message makes one). */
type ClientBeginRequest = ClientTurnRequest & {
    sessionId: string | undefined;
};
/** Which session a call asks for: a client's names one or none; the server's continuation names the one it goes on with. */
export type BeginRequest = ClientBeginRequest | (ContinuationRequest & {
    sessionId: string;
});
/**
 * Takes a session for one call: loads it (cache first), checks its owner, decides by the call's
 * request id whether it is a call seen before (its stored result, or the retry of its journal),
 * else takes the lease with a compare-and-set write that also stores the user message and the
 * request id's record. A message naming no session, or one that does not exist yet (an id the
 * client chose), creates it. A lost race re-reads the session: a live lease is `aborted`. Every
 * error past the owner's check names the session (`details.sessionId`).
 */
export declare function beginTurn(rt: AgentRuntime, request: BeginRequest): Promise<TurnStart>;
export {};
