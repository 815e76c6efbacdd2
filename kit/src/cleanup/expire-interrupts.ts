import { isWriteConflict, type ScannedSession, standingOf } from '../session/index.js';
import { expireSession } from './expire-session.js';
import { noteError, type Sweep, skipLeased, sweepPages } from './sweep.js';

async function expireOne(sweep: Sweep, scanned: ScannedSession): Promise<void> {
  const { report } = sweep;
  if (skipLeased(sweep, scanned)) return;
  try {
    const record = await scanned.read();
    const standing = standingOf(record.session, sweep.now);
    if (standing !== 'interrupted') {
      if (standing === 'held') report.skippedLeased++;
      else report.skippedChanged++;
      return;
    }
    const { session, expired } = expireSession(record.session, sweep.now);
    // Compare-and-set on the copy read: a resume that took the lease since wins, and is left alone.
    await sweep.store.write(record, session);
    report.expired++;
    try {
      await sweep.onExpired?.(session, expired);
    } catch {
      report.hookFailures++;
    }
  } catch (error) {
    if (isWriteConflict(error)) report.skippedChanged++;
    else noteError(sweep, error);
  }
}

/**
 * Expires the sessions whose interrupts waited longer than `interruptTtlMs`, oldest first, a
 * page at a time. Sessions old enough to be deleted are left to the deletion phase.
 */
export function expireInterrupts(sweep: Sweep): Promise<void> {
  const query = {
    updatedBefore: sweep.now - sweep.interruptTtlMs,
    updatedFrom: sweep.now - sweep.sessionTtlMs,
    // Only sessions with an interrupt pending (an indexed field): a crashed turn that waits for
    // no one is never read, so thousands of them can't starve the sessions to expire.
    waiting: true,
  };
  return sweepPages(sweep, query, (scanned) => expireOne(sweep, scanned));
}
