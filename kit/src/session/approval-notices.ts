import type { Approval } from '@callable-flows/protocol';

export type { ApprovalNotice, ApprovalState } from '@callable-flows/protocol';

/**
 * A call that waits for a person, as the approvals inbox holds it (one document per waiting call):
 * the inbox document's fields, its id, timestamps as epoch ms, read by the protocol's one reader
 * (`readApproval`). What a notifier is given: never the call's raw input, only the metadata the
 * tool presented with it.
 */
export type WaitingApproval = Approval;

/** A waiting call, by its session and ref. */
export interface WaitingCallRef {
  sessionId: string;
  ref: string;
}

/** A notice this caller claimed: the approval to tell about, and what marking it sent needs. */
export interface NoticeClaim {
  approval: WaitingApproval;
  /** Opaque to all but the inbox that made it (the claim's write, which `sent` is conditional on). */
  readonly token: unknown;
}

/** A query of {@link ApprovalNotices.waiting}: waiting approvals by `waitingSince`, oldest first. */
export interface WaitingScan {
  /** Only approvals waiting since before this time (epoch ms). */
  waitingBefore: number;
  /** Only approvals waiting since this time or later (epoch ms). */
  waitingFrom?: number;
  limit: number;
  /** Where the page starts: the previous page's `next`. */
  after?: unknown;
}

/** One page of waiting approvals. */
export interface WaitingPage {
  approvals: WaitingApproval[];
  /** Documents the page read (one that does not read as an approval is read, not returned). */
  scanned: number;
  /** Where the next page starts; absent after the last page. */
  next?: unknown;
}

/**
 * The notices of the approvals inbox: who claims the telling of a waiting approval, so that it is
 * told once across retries and instances. A claim is a conditional write on the inbox document:
 * it succeeds only where no notice was sent and no live claim is held, so a second claimant sees
 * the first's claim; a claim whose notifier died lapses at its `until`.
 */
export interface ApprovalNotices {
  /**
   * Claims the notice of a waiting call for `claimMs` from `now`: its approval when this caller is to
   * tell it, undefined when there is nothing to tell (no inbox document, not waiting, a notice sent,
   * a live claim held by another, or another claimant won the write).
   */
  claim(call: WaitingCallRef, now: number, claimMs: number): Promise<NoticeClaim | undefined>;
  /** Marks a claimed notice sent at `at` (nothing when the document changed since the claim: answered, say). */
  sent(claim: NoticeClaim, at: number): Promise<void>;
  /** One page of the approvals that wait (the cleanup's sweep for notices nobody sent). */
  waiting(scan: WaitingScan): Promise<WaitingPage>;
}

/** True when `approval` waits and nobody told it or holds a live claim on telling it, at `now`. */
export function needsNotice(approval: WaitingApproval, now: number): boolean {
  if (approval.state !== 'waiting') return false;
  const notice = approval.notice;
  return notice === undefined || (notice.sentAt === undefined && notice.until <= now);
}
