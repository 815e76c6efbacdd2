import { isWriteConflict, type ScannedSession } from '../session/index.js';
import { noteError, type Sweep, skipLeased, sweepPages } from './sweep.js';

async function deleteOne(sweep: Sweep, scanned: ScannedSession): Promise<void> {
  if (skipLeased(sweep, scanned)) return;
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
export function deleteSessions(sweep: Sweep): Promise<void> {
  return sweepPages(sweep, { updatedBefore: sweep.now - sweep.sessionTtlMs }, (scanned) => deleteOne(sweep, scanned));
}
