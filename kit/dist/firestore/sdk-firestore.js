/**
 * `db` as firebase-admin's client, for what only it can do (queries, recursive deletes, listens);
 * undefined for another client (the REST one).
 */
export function sdkFirestore(db) {
    return typeof db.recursiveDelete === 'function' ? db : undefined;
}
//# sourceMappingURL=sdk-firestore.js.map