import { HistoryLayoutSchema, millisOf } from '@callable-flows/protocol';
import type { CollectionReference, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { UpdateTime } from '../../firestore/index.js';
import type { Session } from '../session-schema.js';
import type { SessionRecord } from '../session-store.js';
import type { ScannedSession, SessionScan } from '../session-sweep.js';
import { etagOf } from './firestore-session-doc.js';
import type { FirestoreStorage } from './firestore-session-store-options.js';

// The Firestore side of the cleanup job's sweeps, kept out of the store's read/write path.

/** The scanned document behind each scanned session: the cursor of the next page. */
const cursors = new WeakMap<ScannedSession, QueryDocumentSnapshot>();

/**
 * When the history chunks of `session` may expire, and whether the stored chunks must be
 * renewed to it: never before the session itself, so a TTL policy can't take the history of a
 * live session; stamped twice the session's TTL ahead, so a session renews its chunks about
 * once per TTL, not on every write.
 */
export function chunkStamp(session: Session, stored: number | undefined): { at: number; renew: boolean } {
  if (stored !== undefined && stored >= session.expireAt) return { at: stored, renew: false };
  return { at: session.expireAt + Math.max(0, session.expireAt - session.updatedAt), renew: true };
}

/** The fields `scannedSession` reads: what a scan with `fieldsOnly` asks for. */
const SWEPT_FIELDS = [
  'status',
  'updatedAt',
  'lease.expiresAt',
  'parent.sessionId',
  'inbox',
  'history.length',
  'history.sealed',
  'history.chunks',
  'chunksExpireAt',
];

/** The documents of one page of `query`, oldest first (`updatedAt`, or `waitingSince` for a waiting scan). */
export async function scanSessionDocs(
  sessions: CollectionReference,
  query: SessionScan,
): Promise<QueryDocumentSnapshot[]> {
  // A waiting session's `waitingSince` is its `updatedAt`; other sessions hold null, which no range matches.
  const field = query.waiting ? 'waitingSince' : 'updatedAt';
  let q = sessions.where(field, '<', new Date(query.updatedBefore));
  if (query.updatedFrom !== undefined) q = q.where(field, '>=', new Date(query.updatedFrom));
  if (query.statuses?.length && !query.waiting) q = q.where('status', 'in', [...query.statuses]);
  if (query.fieldsOnly) q = q.select(...SWEPT_FIELDS);
  q = q.orderBy(field).limit(query.limit);
  const after = query.after && cursors.get(query.after);
  if (after) q = q.startAfter(after);
  return (await q.get()).docs;
}

/** The refs an `inbox` field names; undefined when the document has none (created before it existed). */
function inboxOf(field: unknown): string[] | undefined {
  if (typeof field !== 'object' || field === null) return undefined;
  return Object.values(field).filter((ref): ref is string => typeof ref === 'string');
}

/** A scanned session document as a sweep sees it; `read` parses the whole session when asked. */
export function scannedSession(snap: QueryDocumentSnapshot, read: () => Promise<SessionRecord>): ScannedSession {
  const data = snap.data();
  const updateTime = snap.updateTime as UpdateTime;
  // Just enough of the history field to delete a session's chunks; the rest is not parsed here.
  const layout = HistoryLayoutSchema.safeParse(data.history);
  const storage: FirestoreStorage = {
    updateTime,
    layout: layout.success ? layout.data : undefined,
    chunksExpireAt: millisOf(data.chunksExpireAt),
  };
  const inbox = inboxOf(data.inbox);
  if (inbox) storage.inbox = inbox;
  const scanned: ScannedSession = {
    id: snap.id,
    etag: etagOf(updateTime),
    storage,
    status: typeof data.status === 'string' ? data.status : '',
    updatedAt: millisOf(data.updatedAt) ?? 0,
    read,
  };
  const leaseExpiresAt = millisOf((data.lease as { expiresAt?: unknown } | null | undefined)?.expiresAt);
  if (leaseExpiresAt !== undefined) scanned.leaseExpiresAt = leaseExpiresAt;
  const parentId = (data.parent as { sessionId?: unknown } | undefined)?.sessionId;
  if (typeof parentId === 'string') scanned.parentSessionId = parentId;
  cursors.set(scanned, snap);
  return scanned;
}
