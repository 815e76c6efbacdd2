import type { CollectionReference, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { DocumentDb, DocumentRef, UpdateTime } from '../../firestore/index.js';
import type { Session } from '../session-schema.js';
import type { SessionRecord } from '../session-store.js';
import type { ScannedSession, SessionScan } from '../session-sweep.js';
/**
 * When the history chunks of `session` may expire, and whether the stored chunks must be
 * renewed to it: never before the session itself, so a TTL policy can't take the history of a
 * live session; stamped twice the session's TTL ahead, so a session renews its chunks about
 * once per TTL, not on every write.
 */
export declare function chunkStamp(session: Session, stored: number | undefined): {
    at: number;
    renew: boolean;
};
/** The documents of one page of `query`, oldest first (`updatedAt`, or `waitingSince` for a waiting scan). */
export declare function scanSessionDocs(sessions: CollectionReference, query: SessionScan): Promise<QueryDocumentSnapshot[]>;
/** A scanned session document as a sweep sees it; `read` parses the whole session when asked. */
export declare function scannedSession(snap: QueryDocumentSnapshot, read: () => Promise<SessionRecord>): ScannedSession;
/**
 * Deletes a session document, if it is still the version read, with the chunk documents named:
 * one atomic batch. False when the session changed or is gone.
 */
export declare function deleteIfUnchanged(db: DocumentDb, session: DocumentRef, chunks: readonly DocumentRef[], updateTime: UpdateTime): Promise<boolean>;
