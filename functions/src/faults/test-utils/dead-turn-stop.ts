import type { AfterFailure } from './approved-turn-failures.js';
import { cleanupAfterTtl, dispatchContinuations, type Expected, type FollowUp } from './matrix-follow-ups.js';
import { type MatrixWorld, type Settled, settle } from './matrix-world.js';

// Issue 29, part 5 (the stop bullets): the owner stops a turn whose instance has just died (the
// stop names its lease while it is still live; nobody is left to hear it), then sends a new
// message once the lease lapsed. The message closes the dead turn's open round as stopped, not
// as a failure; then a follow-up. What each must do is written here, from the failure table alone.

const alice = { uid: 'alice' };
/** The request id of the approving call that died (the failure strikes it with this id). */
export const DEAD_CALL_ID = 'approve-1';
/** The stop from the owner's other client. */
export const DEAD_TURN_STOP = { ...alice, requestId: 'stop-1', clientId: 'phone' };
const approval = (ref: string) => ({ resume: { restart: [{ ref, name: 'transfer' }] } });

/**
 * The failures this applies to: the approval was journaled and the instance died holding the
 * turn's lease, still live (a turn handed off at its deadline lapses its own lease,
 * hand-off-turn.ts, so no stop can name it: that one is refused NOTHING_TO_STOP, as the matrix's
 * "a stop from another client, then a retry" shows).
 */
export const diesHoldingTheTurn = (after: AfterFailure): boolean =>
  after.deadLease && after.journaled && after.reason !== 'DEADLINE';

/** The stop, asked while the dead turn's lease is live: nobody gives the session up, so it answers `stopping`. */
export async function stopTheDeadTurn(w: MatrixWorld, sessionId: string): Promise<string> {
  const answer = await w.agent().stop(sessionId, DEAD_TURN_STOP);
  return answer.status;
}

/** The new message once the dead turn's lease lapsed: answered, after it closed the dead turn's round. */
export function messageAfterTheStop(w: MatrixWorld, sessionId: string): Promise<Settled> {
  return settle(w.agent().send(sessionId, { message: 'thanks' }, alice));
}

/** What a follow-up of the answered message must do: nothing runs again, and the message stays stored once. */
const after = (outcome: Expected['outcome'], sent: string[] = []): Expected => ({
  outcome,
  runs: 0,
  sent: ['thanks', ...sent],
  status: 'idle',
});

/** The follow-ups of "a stop of a dead turn followed by a new message". */
export const DEAD_TURN_STOP_FOLLOW_UPS: readonly FollowUp[] = [
  {
    name: 'the dead call’s retry by request id',
    requestId: DEAD_CALL_ID,
    run: (w, sessionId, ref) => settle(w.agent().send(sessionId, approval(ref), { ...alice, requestId: DEAD_CALL_ID })),
    // It was stopped: it is told so, as a call stopped while its instance lived is, and runs nothing.
    expected: () => after('STOPPED'),
  },
  {
    name: 'another new message',
    run: (w, sessionId) => settle(w.agent().send(sessionId, { message: 'and also' }, alice)),
    expected: () => after('done', ['and also']),
  },
  {
    name: 'the cleanup after the TTL',
    run: (w) => cleanupAfterTtl(w),
    // Nothing waits for a person any more: nothing expires.
    expected: () => after('cleaned'),
  },
  {
    name: 'the continuation by the server',
    run: async (w) => ({ server: await dispatchContinuations(w) }),
    // Every task finds its turn over (the dead one closed by the message, the message's own ended): none goes on.
    expected: () => after('left alone'),
  },
];
