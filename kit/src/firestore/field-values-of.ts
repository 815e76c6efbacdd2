import type { DocumentDb, FieldValues } from './document-db.js';

/**
 * The sentinels of `db`: its own (the REST client's), or firebase-admin's `FieldValue`, loaded
 * only when a write needs one (firebase-admin is already in memory by then).
 */
export async function fieldValuesOf(db: DocumentDb): Promise<FieldValues> {
  return db.fieldValues ?? (await import('firebase-admin/firestore')).FieldValue;
}
