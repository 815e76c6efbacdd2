import type { Firestore } from 'firebase-admin/firestore';
import type { DocumentDb } from './document-db.js';
/**
 * `db` as firebase-admin's client, for what only it can do (queries, recursive deletes, listens);
 * undefined for another client (the REST one).
 */
export declare function sdkFirestore(db: DocumentDb): Firestore | undefined;
