import type { ApprovalNotices, WaitingApproval, WaitingCallRef } from '../session/index.js';

/**
 * Told once of each call that waits for a person, after the commit that made it wait (a push, an
 * email). It answers `held` to be told again later (a push coalesced into the approver's next):
 * the notice stays unsent, its claim lapses, and the cleanup's sweep calls it again.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a hook that returns nothing (`async () => {}`) must fit, and its Promise<void> is no Promise<undefined>.
export type ApprovalWaitingHook = (approval: WaitingApproval) => void | 'held' | Promise<void | 'held'>;

/**
 * How long a claim on a notice holds by default: the hook's time to send. A notifier that dies
 * holding it leaves the notice to whoever claims it after this (the cleanup's sweep).
 */
export const DEFAULT_NOTICE_CLAIM_MS = 2 * 60_000;

/** What {@link notifyWaiting} did. */
export type NoticeOutcome = 'sent' | 'skipped' | 'held';

/**
 * Tells `hook` of one waiting call, once across retries and instances: claims its notice (a
 * conditional write on the inbox document; `skipped` when there is nothing to tell or another
 * holds it), calls the hook, then marks the notice sent (`held` when the hook held it: not marked). A hook that throws leaves the claim to
 * lapse, so the cleanup's sweep tries again; its error is the caller's.
 */
export async function notifyWaiting(
  notices: ApprovalNotices,
  call: WaitingCallRef,
  hook: ApprovalWaitingHook,
  clock: () => number,
  claimMs = DEFAULT_NOTICE_CLAIM_MS,
): Promise<NoticeOutcome> {
  const claim = await notices.claim(call, clock(), claimMs);
  if (!claim) return 'skipped';
  if ((await hook(claim.approval)) === 'held') return 'held';
  await notices.sent(claim, clock());
  return 'sent';
}
