import type { StopResult } from '@callable-flows/protocol';
import type { Session } from '../../session/session-schema.js';
import type { AgentRuntime } from '../runtime/index.js';
/** Who stops which turn. */
export interface StopContext {
    uid: string;
    /** The stop's idempotency key: the same stop again, once its turn ended, is answered `stopped`. */
    requestId?: string;
    /** The client that asks (a device, a tab), recorded with the stopped turn's outcome. */
    clientId?: string;
}
/** How long a stop waits for the turn to give its session up before it answers `stopping`. */
export declare const STOP_WAIT_MS = 2500;
/** The session, fresh from the store (a stop is never decided on a cached copy), if `uid` owns it. */
export declare function ownedSession(rt: AgentRuntime, sessionId: string, uid: string): Promise<Session>;
/**
 * Stops the turn running on a session, on whatever instance it runs: asks it (a write beside
 * the session, heard by the turn's listener), then waits up to {@link STOP_WAIT_MS} for it to
 * give the session up. A session with no running turn is refused `NOTHING_TO_STOP`, unless this
 * is the retry (same `requestId`) of the stop that ended its last turn.
 */
export declare function stopTurn(rt: AgentRuntime, sessionId: string, ctx: StopContext): Promise<StopResult>;
