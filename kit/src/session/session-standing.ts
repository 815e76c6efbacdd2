import type { Message } from '../model/index.js';
import { pendingOf } from './pending-of.js';
import type { Session, SessionStatus } from './session-schema.js';

/**
 * What a call can do with a session now: `held` while another call's lease is live;
 * `incomplete` when a turn started but never finished (its instance crashed, or it failed).
 */
export type Standing = 'held' | 'idle' | 'interrupted' | 'expired' | 'incomplete';

/** The standing of `session` at time `now` (epoch ms). */
export function standingOf(session: Session, now: number): Standing {
  if (session.lease && session.lease.expiresAt > now) return 'held';
  switch (session.status) {
    case 'idle':
    case 'interrupted':
    case 'expired':
      return session.status;
    default:
      // A running turn whose lease lapsed, or a failed one: if it was a resume that never got
      // past its interrupts, the session still waits for them.
      return waitsForAPerson(session.history) ? 'interrupted' : 'incomplete';
  }
}

/** True when a call of the history's last round waits for a person: the one test of "interrupted". */
const waitsForAPerson = (history: readonly Message[]) => pendingOf(history).interrupts.length > 0;

/**
 * What moves a session's status: a turn takes the lease, or ends (`finished`, `failed` on an
 * error, `stopped` by its owner), or the cleanup expires the calls that waited too long.
 */
export type StatusEvent = 'leased' | 'finished' | 'failed' | 'stopped' | 'expired';

/**
 * The status a session is stored with after `event`, its history then being `history`: the one
 * place a status is decided (a new session starts `idle`). A turn that ends with a call of its
 * last round waiting for a person is `interrupted`, whether it failed or not.
 */
export function statusAfter(event: StatusEvent, history: readonly Message[]): SessionStatus {
  if (event === 'leased') return 'running';
  if (event === 'expired') return 'expired';
  if (waitsForAPerson(history)) return 'interrupted';
  return event === 'failed' ? 'failed' : 'idle';
}
