import { isWriteConflict, type ScannedSession } from '../session/index.js';
import { forEachLimited } from './for-each-limited.js';
import { nextPageSize, noteError, type Sweep, spend } from './sweep.js';

async function deleteOne(sweep: Sweep, scanned: ScannedSession): Promise<void> {
  if (scanned.leaseExpiresAt !== undefined && scanned.leaseExpiresAt > sweep.now) {
    sweep.report.skippedLeased++;
    return;
  }
  try {
    // Only the copy scanned: a session a turn wrote since is younger than it looked, and stays.
    await sweep.store.delete(scanned.id, { expected: scanned });
    sweep.report.deletedSessions++;
  } catch (error) {
    if (isWriteConflict(error)) sweep.report.skippedChanged++;
    else noteError(sweep, error);
  }
}

/** Deletes the sessions last updated longer ago than `sessionTtlMs`, with their history, a page at a time. */
export async function deleteSessions(sweep: Sweep): Promise<void> {
  let after: ScannedSession | undefined;
  while (sweep.budget > 0) {
    const limit = nextPageSize(sweep);
    const page = await sweep.store.scan({
      updatedBefore: sweep.now - sweep.sessionTtlMs,
      limit,
      ...(after ? { after } : {}),
    });
    spend(sweep, page.length, limit);
    await forEachLimited(page, sweep.parallelism, (scanned) => deleteOne(sweep, scanned));
    if (page.length < limit) return;
    after = page.at(-1);
  }
}
