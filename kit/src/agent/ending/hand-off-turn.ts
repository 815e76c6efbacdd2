import { isKitError, KitError } from '../../errors/index.js';
import type { TurnJournal, TurnWriter } from '../running/index.js';

/** True when the turn was ended by its function's deadline (the callable's `DEADLINE`, shortly before `timeoutSeconds`). */
export function isDeadline(error: unknown, signal: AbortSignal | undefined): boolean {
  const reason = signal?.aborted ? signal.reason : error;
  return isKitError(reason) && reason.reason === 'DEADLINE';
}

/** What the caller of a handed-off turn is told: the turn goes on on the server. */
export function handedOffError(sessionId: string): KitError {
  return new KitError(
    'deadline-exceeded',
    `the turn on session '${sessionId}' ran out of its function's time and goes on on the server: watch the session, or retry with the same request id for its result`,
    { reason: 'DEADLINE', details: { sessionId, continues: true } },
  );
}

/**
 * Hands a turn that reached its function's deadline to the server's continuation, which the
 * turn had already enqueued: one write stores the journal as it stands (what finished; a call
 * cut off in flight is open, so the continuation runs it again with the same ref, as a retry
 * does) and leaves the turn `running` under its own lease, lapsed now. The task, tried again by
 * the queue every backoff, finds it lapsed and goes on. No second enqueue.
 */
export async function handOffTurn(writer: TurnWriter, journal: TurnJournal): Promise<void> {
  await writer.commit((s) => journal.withHistory(s), { release: true, lapse: true });
}
