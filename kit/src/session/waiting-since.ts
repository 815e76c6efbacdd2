import { pendingOf } from './pending-of.js';
import type { Session } from './session-schema.js';

/**
 * The indexed field the cleanup's expiry query reads (`waitingSince`): the time since which
 * `session` waits for a person (its last update), or null when nothing is pending. Only a
 * session with an interrupt in its history has one, so a crashed turn that waits for no one is
 * never scanned for expiry (it would be read and skipped on every run); a `running` resume that
 * crashed keeps its interrupts, and its time.
 */
export function waitingSince(session: Session): Date | null {
  return pendingOf(session.history).interrupts.length ? new Date(session.updatedAt) : null;
}
