import type { DocumentDb, FieldValues } from './document-db.js';
/**
 * The sentinels of `db`: its own (the REST client's), or firebase-admin's `FieldValue`, loaded
 * only when a write needs one (firebase-admin is already in memory by then).
 */
export declare function fieldValuesOf(db: DocumentDb): Promise<FieldValues>;
