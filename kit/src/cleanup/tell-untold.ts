import { notifyWaiting } from '../notify/index.js';
import { needsNotice } from '../session/index.js';
import { forEachLimited } from './for-each-limited.js';
import { noteError, type Sweep } from './sweep.js';

/**
 * Tells the approvals that have waited longer than `noticeGraceMs` with no notice sent and no
 * live claim, oldest first, a page at a time within the run's budget: those whose turn's
 * instance died (or was throttled after answering its caller) before it told them. The claim is
 * the agent's, so a notice is never sent twice by a run and a turn, or by two runs. Only approvals
 * that began waiting within `interruptTtlMs` are looked at: older ones are expired, not told.
 */
export async function tellUntold(sweep: Sweep): Promise<void> {
  const hook = sweep.onApprovalWaiting;
  const inbox = sweep.store.approvals;
  if (!hook || !inbox) return;
  const { report } = sweep;
  let after: unknown;
  while (sweep.budget > 0) {
    const limit = Math.min(sweep.batchSize, sweep.budget);
    const page = await inbox.waiting({
      waitingBefore: sweep.now - sweep.noticeGraceMs,
      waitingFrom: sweep.now - sweep.interruptTtlMs,
      limit,
      ...(after === undefined ? {} : { after }),
    });
    sweep.budget -= page.scanned;
    if (sweep.budget <= 0 && page.next !== undefined) report.capped = true;
    const untold = page.approvals.filter((approval) => needsNotice(approval, sweep.now));
    await forEachLimited(untold, sweep.parallelism, async (approval) => {
      let hookFailed = false;
      const told = async (claimed: typeof approval) => {
        try {
          return await hook(claimed);
        } catch (error) {
          hookFailed = true;
          throw error;
        }
      };
      try {
        if ((await notifyWaiting(inbox, approval, told, () => sweep.now)) === 'sent') report.noticesSent++;
      } catch (error) {
        if (hookFailed) report.noticeFailures++;
        else noteError(sweep, error);
      }
    });
    if (page.next === undefined) return;
    after = page.next;
  }
}
