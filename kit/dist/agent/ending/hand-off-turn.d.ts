import { KitError } from '../../errors/index.js';
import type { TurnJournal, TurnWriter } from '../running/index.js';
/** True when the turn was ended by its function's deadline (the callable's `DEADLINE`, shortly before `timeoutSeconds`). */
export declare function isDeadline(error: unknown, signal: AbortSignal | undefined): boolean;
/** What the caller of a handed-off turn is told: the turn goes on on the server. */
export declare function handedOffError(sessionId: string): KitError;
/**
 * Hands a turn that reached its function's deadline to the server's continuation, which the
 * turn had already enqueued: one write stores the journal as it stands (what finished; a call
 * cut off in flight is open, so the continuation runs it again with the same ref, as a retry
 * does) and leaves the turn `running` under its own lease, lapsed now. The task, tried again by
 * the queue every backoff, finds it lapsed and goes on. No second enqueue.
 */
export declare function handOffTurn(writer: TurnWriter, journal: TurnJournal): Promise<void>;
