/**
 * The part of a Firestore client the kit's stores run on: documents by path, batched writes with
 * preconditions, transactions and one listener. firebase-admin's `Firestore` has this shape, and so
 * has {@link RestFirestore}, the client a cold instance uses before (or instead of) loading the SDK.
 * Queries and recursive deletes are optional: only the SDK's client has them (the cleanup job's).
 */
export {};
//# sourceMappingURL=document-db.js.map