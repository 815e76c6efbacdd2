import { isWriteConflict, type ScannedSession } from '../session/index.js';
import { inCommits, noteError, type Sweep, skipLeased, sweepPages } from './sweep.js';

/**
 * Deletes the scanned sessions that are still the copies scanned, several in a commit; adds
 * those that went to `deleted`. A session a turn wrote since is younger than it looked, and stays.
 */
async function deleteAll(sweep: Sweep, scanned: readonly ScannedSession[], deleted: Set<string>): Promise<void> {
  const unleased = scanned.filter((one) => !skipLeased(sweep, one));
  await inCommits(sweep, unleased, async (group) => {
    const outcomes = await sweep.store.deleteAll(group);
    group.forEach((one, i) => {
      const outcome = outcomes[i] as PromiseSettledResult<void>;
      if (outcome.status === 'fulfilled') {
        sweep.report.deletedSessions++;
        deleted.add(one.id);
      } else if (isWriteConflict(outcome.reason)) sweep.report.skippedChanged++;
      else noteError(sweep, outcome.reason);
    });
  });
}

const parentOf = (sub: ScannedSession): string => sub.parentSessionId as string;

/**
 * Of the parents of `subs` that this run did not delete, those still stored: one batched read for
 * all of them. On an error, all are taken as kept (the sub-sessions wait for a later run).
 */
async function keptParents(sweep: Sweep, subs: readonly ScannedSession[], deleted: ReadonlySet<string>) {
  const unknown = [...new Set(subs.map(parentOf))].filter((id) => !deleted.has(id));
  try {
    return await sweep.store.existing(unknown);
  } catch (error) {
    noteError(sweep, error);
    return new Set(unknown);
  }
}

/**
 * Deletes the sub-sessions `subs` whose parent is gone, parents first (a sub-agent's sub-agent
 * waits for the round of its parent), each round with one read of the parents it didn't delete.
 */
async function deleteSubs(sweep: Sweep, subs: readonly ScannedSession[], deleted: Set<string>): Promise<void> {
  let pending = subs;
  while (pending.length) {
    const waiting = new Set(pending.map((sub) => sub.id));
    const ready = pending.filter((sub) => !waiting.has(parentOf(sub)));
    if (!ready.length) return;
    const kept = await keptParents(sweep, ready, deleted);
    const orphans = ready.filter((sub) => !kept.has(parentOf(sub)));
    sweep.report.skippedLinked += ready.length - orphans.length;
    await deleteAll(sweep, orphans, deleted);
    pending = pending.filter((sub) => waiting.has(parentOf(sub)));
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
  // Deletion decides on the scanned fields alone: the pages carry no history.
  const query = { updatedBefore: sweep.now - sweep.sessionTtlMs, fieldsOnly: true };
  await sweepPages(sweep, query, async (page) => {
    subs.push(...page.filter((scanned) => scanned.parentSessionId !== undefined));
    await deleteAll(
      sweep,
      page.filter((scanned) => scanned.parentSessionId === undefined),
      deleted,
    );
  });
  await deleteSubs(sweep, subs, deleted);
}
