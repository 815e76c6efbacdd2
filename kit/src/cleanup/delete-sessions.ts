import { isWriteConflict, type ScannedSession } from '../session/index.js';
import { forEachLimited } from './for-each-limited.js';
import { noteError, type Sweep, skipLeased, sweepPages } from './sweep.js';

/** Deletes the scanned session if it is still the copy scanned; true when it went. */
async function deleteOne(sweep: Sweep, scanned: ScannedSession): Promise<boolean> {
  if (skipLeased(sweep, scanned)) return false;
  try {
    // Only the copy scanned: a session a turn wrote since is younger than it looked, and stays.
    await sweep.store.delete(scanned.id, { expected: scanned });
    sweep.report.deletedSessions++;
    return true;
  } catch (error) {
    if (isWriteConflict(error)) sweep.report.skippedChanged++;
    else noteError(sweep, error);
    return false;
  }
}

/** True when the parent of sub-agent session `sub` is still stored. */
async function parentKept(sweep: Sweep, sub: ScannedSession): Promise<boolean> {
  try {
    return (await sweep.store.load(sub.parentSessionId as string)) !== undefined;
  } catch (error) {
    noteError(sweep, error);
    return true;
  }
}

/**
 * Deletes the sessions last updated longer ago than `sessionTtlMs`, with their history, a page at a
 * time. A sub-agent's session (`agentTool`'s, older than its parent: the parent's call writes after
 * it) leaves with its parent: after the parent in the same run, or in a later run once the parent
 * is gone; while the parent is kept (a resume of it still reaches the sub-session) it stays.
 */
export async function deleteSessions(sweep: Sweep): Promise<void> {
  const deleted = new Set<string>();
  const subs: ScannedSession[] = [];
  await sweepPages(sweep, { updatedBefore: sweep.now - sweep.sessionTtlMs }, async (scanned) => {
    if (scanned.parentSessionId !== undefined) subs.push(scanned);
    else if (await deleteOne(sweep, scanned)) deleted.add(scanned.id);
  });
  await forEachLimited(subs, sweep.parallelism, async (sub) => {
    if (!deleted.has(sub.parentSessionId as string) && (await parentKept(sweep, sub))) {
      sweep.report.skippedLinked++;
      return;
    }
    await deleteOne(sweep, sub);
  });
}
