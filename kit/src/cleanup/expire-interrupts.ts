import { isWriteConflict, type ScannedSession, type SessionRecord, standingOf } from '../session/index.js';
import { type ExpiredSession, expireSession } from './expire-session.js';
import { forEachLimited } from './for-each-limited.js';
import { inCommits, noteError, type Sweep, skipLeased, sweepPages } from './sweep.js';

/** A session to expire: the copy read, and what it becomes. */
interface Expiry extends ExpiredSession {
  record: SessionRecord;
}

/** The expiry of a scanned session, or undefined (counted) when it is not one to expire. */
async function expiryOf(sweep: Sweep, scanned: ScannedSession): Promise<Expiry | undefined> {
  const { report } = sweep;
  if (skipLeased(sweep, scanned)) return undefined;
  try {
    const record = await scanned.read();
    const standing = standingOf(record.session, sweep.now);
    if (standing === 'interrupted') return { record, ...expireSession(record.session, sweep.now) };
    if (standing === 'held') report.skippedLeased++;
    else report.skippedChanged++;
  } catch (error) {
    if (isWriteConflict(error)) report.skippedChanged++;
    else noteError(sweep, error);
  }
  return undefined;
}

/** Counts the outcome of one expiry's write, and tells the hook of one that went through. */
async function settle(sweep: Sweep, expiry: Expiry, outcome: PromiseSettledResult<SessionRecord>): Promise<void> {
  const { report } = sweep;
  if (outcome.status === 'rejected') {
    if (isWriteConflict(outcome.reason)) report.skippedChanged++;
    else noteError(sweep, outcome.reason);
    return;
  }
  report.expired++;
  try {
    await sweep.onExpired?.(expiry.session, expiry.expired);
  } catch {
    report.hookFailures++;
  }
}

async function expirePage(sweep: Sweep, page: readonly ScannedSession[]): Promise<void> {
  const expiries: Expiry[] = [];
  // A session is read from its scan; one with history chunks reads them too.
  await forEachLimited(page, sweep.parallelism, async (scanned) => {
    const expiry = await expiryOf(sweep, scanned);
    if (expiry) expiries.push(expiry);
  });
  await inCommits(sweep, expiries, async (group) => {
    // Compare-and-set on the copy read: a resume that took the lease since wins, and is left alone.
    const outcomes = await sweep.store.writeAll(group.map((e) => ({ expected: e.record, written: e.session })));
    await Promise.all(
      group.map((expiry, i) => settle(sweep, expiry, outcomes[i] as PromiseSettledResult<SessionRecord>)),
    );
  });
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
  return sweepPages(sweep, query, (page) => expirePage(sweep, page));
}
