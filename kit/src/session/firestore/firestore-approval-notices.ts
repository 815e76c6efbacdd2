import { approvalId, readApproval } from '@callable-flows/protocol';
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { KitError } from '../../errors/index.js';
import { type DocumentDb, type DocumentRef, sdkFirestore, type UpdateTime } from '../../firestore/index.js';
import {
  type ApprovalNotices,
  type NoticeClaim,
  needsNotice,
  type WaitingCallRef,
  type WaitingPage,
  type WaitingScan,
} from '../approval-notices.js';
import { firestoreCode, fromFirestoreError } from './firestore-error.js';
import type { StoreOperation } from './firestore-session-store-options.js';

/** 9: an update-time precondition failed (someone wrote first); 5: the document is gone. */
const lostTheWrite = (error: unknown): boolean => firestoreCode(error) === 9 || firestoreCode(error) === 5;

/**
 * The notices of the approvals inbox in Firestore: a claim is an update of the inbox document's
 * `notice` with the precondition of the copy read (compare-and-set: of two claimants, one writes),
 * 1 read and 1 write; marking it sent is 1 write, conditional on the claim's own write.
 */
export class FirestoreApprovalNotices implements ApprovalNotices {
  private readonly db: DocumentDb;
  private readonly collection: string;
  private readonly onOperation: ((operation: StoreOperation) => void) | undefined;

  constructor(db: DocumentDb, collection: string, onOperation?: (operation: StoreOperation) => void) {
    this.db = db;
    this.collection = collection;
    this.onOperation = onOperation;
  }

  private counted(kind: StoreOperation['kind'], reads: number, writes: number): void {
    this.onOperation?.({ kind, reads, writes, notice: true });
  }

  /** The inbox document of a waiting call. */
  ref(call: WaitingCallRef): DocumentRef {
    return this.db.collection(this.collection).doc(approvalId(call.sessionId, call.ref));
  }

  async claim(call: WaitingCallRef, now: number, claimMs: number): Promise<NoticeClaim | undefined> {
    const ref = this.ref(call);
    const what = `claiming the notice of call '${call.ref}' of session '${call.sessionId}'`;
    try {
      const snap = await ref.get();
      this.counted('get', 1, 0);
      if (!snap.exists || !snap.updateTime) return undefined;
      const approval = readApproval(snap.id, snap.data());
      if (!approval || !needsNotice(approval, now)) return undefined;
      const notice = { claimedAt: now, until: now + claimMs };
      const [written] = await this.db
        .batch()
        .update(
          ref,
          { notice: { claimedAt: new Date(notice.claimedAt), until: new Date(notice.until) } },
          { lastUpdateTime: snap.updateTime },
        )
        .commit();
      this.counted('commit', 0, 1);
      return { approval: { ...approval, notice }, token: written?.writeTime };
    } catch (error) {
      if (lostTheWrite(error)) return undefined; // another claimant (or an answer) wrote first
      throw fromFirestoreError(error, what);
    }
  }

  async sent(claim: NoticeClaim, at: number): Promise<void> {
    const { approval } = claim;
    const ref = this.ref(approval);
    try {
      await this.db
        .batch()
        .update(ref, { 'notice.sentAt': new Date(at) }, { lastUpdateTime: claim.token as UpdateTime })
        .commit();
      this.counted('commit', 0, 1);
    } catch (error) {
      // Answered, closed or claimed anew since: the notice went out all the same, nothing to record.
      if (lostTheWrite(error)) return;
      throw fromFirestoreError(error, `marking the notice of call '${approval.ref}' sent`);
    }
  }

  async waiting(scan: WaitingScan): Promise<WaitingPage> {
    const sdk = sdkFirestore(this.db);
    if (!sdk) throw new KitError('unimplemented', "scanning the approvals inbox needs firebase-admin's Firestore");
    let query = sdk
      .collection(this.collection)
      .where('state', '==', 'waiting')
      .where('waitingSince', '<', new Date(scan.waitingBefore));
    if (scan.waitingFrom !== undefined) query = query.where('waitingSince', '>=', new Date(scan.waitingFrom));
    query = query.orderBy('waitingSince').limit(scan.limit);
    if (scan.after !== undefined) query = query.startAfter(scan.after as QueryDocumentSnapshot);
    let snaps: QueryDocumentSnapshot[];
    try {
      snaps = (await query.get()).docs;
      this.counted('query', Math.max(1, snaps.length), 0);
    } catch (error) {
      throw fromFirestoreError(error, 'scanning the approvals inbox');
    }
    const approvals = snaps.flatMap((snap) => readApproval(snap.id, snap.data()) ?? []);
    const page: WaitingPage = { approvals, scanned: snaps.length };
    if (snaps.length === scan.limit) page.next = snaps.at(-1);
    return page;
  }
}
