import type { Firestore } from 'firebase-admin/firestore';
import { lazy } from '../lazy/index.js';
import {
  admitToWindow,
  PUSH_WINDOW_MS,
  type PushWindow,
  type PushWindowRecord,
  retractFromWindow,
} from './push-window.js';

/** Options of {@link firestorePushWindow}. */
export interface FirestorePushWindowOptions {
  /** Default: firebase-admin's default app, on first use. */
  firestore?: Firestore | (() => Promise<Firestore>);
  /** Where each approver's record lives, `{collection}/{uid}`. Default `approvalPushes` (server-only: rules deny clients). */
  collection?: string;
  /** Default {@link PUSH_WINDOW_MS}. */
  windowMs?: number;
}

const defaultFirestore: () => Promise<Firestore> = lazy(async () => {
  const [{ getApps, initializeApp }, { getFirestore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
  ]);
  return getFirestore(getApps()[0] ?? initializeApp());
});

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];

/** A stored record, or undefined where it does not read as one (a record that can't be read starts a new window). */
function readRecord(data: Record<string, unknown> | undefined): PushWindowRecord | undefined {
  const sentAt = (data?.sentAt as { toMillis?: () => number } | undefined)?.toMillis?.();
  if (sentAt === undefined) return undefined;
  const pushedFor = typeof data?.pushedFor === 'string' ? data.pushedFor : '';
  return { sentAt, told: ids(data?.told), held: ids(data?.held), pushedFor };
}

/**
 * Each approver's window in Firestore, one document per approver updated in a transaction (1 read,
 * at most 1 write per approval and approver), so every instance coalesces into the same minute.
 */
export function firestorePushWindow(options: FirestorePushWindowOptions = {}): PushWindow {
  const source = options.firestore ?? defaultFirestore;
  const collection = options.collection ?? 'approvalPushes';
  const windowMs = options.windowMs ?? PUSH_WINDOW_MS;
  const recordOf = async (uid: string) => {
    const db = typeof source === 'function' ? await source() : source;
    return { db, ref: db.collection(collection).doc(uid) };
  };
  const stored = (next: PushWindowRecord) => ({ ...next, sentAt: new Date(next.sentAt) });
  return {
    async admit(uid, approvalId, now) {
      const { db, ref } = await recordOf(uid);
      return db.runTransaction(async (tx) => {
        const { admission, next } = admitToWindow(readRecord((await tx.get(ref)).data()), approvalId, now, windowMs);
        if (next) tx.set(ref, stored(next));
        return admission;
      });
    },
    async retract(uid, approvalId) {
      const { db, ref } = await recordOf(uid);
      await db.runTransaction(async (tx) => {
        const next = retractFromWindow(readRecord((await tx.get(ref)).data()), approvalId);
        if (next) tx.set(ref, stored(next));
      });
    },
  };
}
