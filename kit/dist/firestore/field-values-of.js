/**
 * The sentinels of `db`: its own (the REST client's), or firebase-admin's `FieldValue`, loaded
 * only when a write needs one (firebase-admin is already in memory by then).
 */
export async function fieldValuesOf(db) {
    return db.fieldValues ?? (await import('firebase-admin/firestore')).FieldValue;
}
//# sourceMappingURL=field-values-of.js.map