import { APPROVALS_COLLECTION, type Approval, readApproval } from '@callable-flows/protocol';
import { collection, type Firestore, onSnapshot, orderBy, query, type Unsubscribe, where } from 'firebase/firestore';
import { type FlowError, toFlowError } from './flow-error.js';

/** Whose approvals to watch: those addressed to a uid, or to the holders of a custom claim (the caller must hold it). */
export type ApproverTarget = { uid: string } | { claim: string };

/** What `watchApprovals` calls: the waiting approvals, oldest first, on every change; the error that ended the watch. */
export interface ApprovalsObserver {
  next(approvals: Approval[]): void;
  /** The watch has ended: `permission-denied` when the caller is not who the target names. */
  error?(error: FlowError): void;
}

/** Where the functions keep the inbox (their store's `prefix` and `collections.approvals`); default `approvals`. */
export interface WatchApprovalsOptions {
  collection?: string;
}

/**
 * Watches the approvals inbox live: the calls that wait for `target` (a uid, or a custom claim's
 * holders), oldest first, each as its inbox document tells it (the tool, what its interrupt
 * asked, whose session, since when). An approver who is not a session's owner reads these, never
 * the session; they answer with `FlowClient.answerApproval`. Returns the unsubscribe.
 */
export function watchApprovals(
  firestore: Firestore,
  target: ApproverTarget,
  observer: ApprovalsObserver,
  options: WatchApprovalsOptions = {},
): Unsubscribe {
  const inbox = collection(firestore, options.collection ?? APPROVALS_COLLECTION);
  const addressed =
    'uid' in target ? where('approverUids', 'array-contains', target.uid) : where('approverClaim', '==', target.claim);
  const waiting = query(inbox, addressed, where('state', '==', 'waiting'), orderBy('waitingSince'));
  return onSnapshot(
    waiting,
    (snap) => {
      const approvals: Approval[] = [];
      for (const d of snap.docs) {
        const approval = readApproval(d.id, d.data());
        if (approval) approvals.push(approval);
      }
      observer.next(approvals);
    },
    (error) => observer.error?.(toFlowError(error)),
  );
}
