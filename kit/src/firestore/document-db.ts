/**
 * The part of a Firestore client the kit's stores run on: documents by path, batched writes with
 * preconditions, transactions and one listener. firebase-admin's `Firestore` has this shape, and so
 * has {@link RestFirestore}, the client a cold instance uses before (or instead of) loading the SDK.
 * Queries and recursive deletes are optional: only the SDK's client has them (the cleanup job's).
 */

/** When a document was last written, as Firestore reports it. */
export interface UpdateTime {
  readonly seconds: number;
  readonly nanoseconds: number;
  toMillis(): number;
  isEqual(other: UpdateTime): boolean;
}

/** Field values as a document holds them: keys are field names (or dotted paths in an update). */
export type DocumentFields = Record<string, unknown>;

/** A document as read: `exists` false for a missing one. */
export interface DocumentSnap {
  readonly exists: boolean;
  readonly id: string;
  readonly updateTime?: UpdateTime | undefined;
  data(): DocumentFields | undefined;
  get(field: string): unknown;
}

/** A write's condition: the document must exist (or not), or still carry this update time. */
export interface WritePrecondition {
  exists?: boolean;
  lastUpdateTime?: UpdateTime;
}

/** What a committed write reports. */
export interface WriteOutcome {
  readonly writeTime: UpdateTime;
}

/** The address of one document. */
export interface DocumentRef {
  readonly id: string;
  readonly path: string;
  collection(id: string): CollectionRef;
  get(): Promise<DocumentSnap>;
  set(data: DocumentFields, options?: { merge?: boolean }): Promise<WriteOutcome>;
  /** Listens to the document; returns the unsubscribe. */
  onSnapshot(onNext: (snap: DocumentSnap) => void, onError?: (error: Error) => void): () => void;
}

/** A collection, as far as naming its documents. */
export interface CollectionRef {
  doc(id: string): DocumentRef;
}

/** Where writes are put: a batch, or writes staged for one (`StagedWrites`). */
export interface BatchWrites {
  create(ref: DocumentRef, data: DocumentFields): unknown;
  set(ref: DocumentRef, data: DocumentFields, options?: { merge?: boolean }): unknown;
  update(ref: DocumentRef, data: DocumentFields, precondition?: WritePrecondition): unknown;
  delete(ref: DocumentRef, precondition?: WritePrecondition): unknown;
}

/** Writes committed together, all or none. */
export interface DocumentBatch extends BatchWrites {
  create(ref: DocumentRef, data: DocumentFields): DocumentBatch;
  set(ref: DocumentRef, data: DocumentFields, options?: { merge?: boolean }): DocumentBatch;
  update(ref: DocumentRef, data: DocumentFields, precondition?: WritePrecondition): DocumentBatch;
  delete(ref: DocumentRef, precondition?: WritePrecondition): DocumentBatch;
  commit(): Promise<WriteOutcome[]>;
}

/** Reads and writes that commit only if nothing they read changed meanwhile. */
export interface DocumentTransaction {
  get(ref: DocumentRef): Promise<DocumentSnap>;
  create(ref: DocumentRef, data: DocumentFields): DocumentTransaction;
  set(ref: DocumentRef, data: DocumentFields, options?: { merge?: boolean }): DocumentTransaction;
  update(ref: DocumentRef, data: DocumentFields, precondition?: WritePrecondition): DocumentTransaction;
  delete(ref: DocumentRef, precondition?: WritePrecondition): DocumentTransaction;
}

/** Sentinel field values: remove a field, add to a number. */
export interface FieldValues {
  delete(): unknown;
  increment(by: number): unknown;
}

/** Read options of the SDK's `getAll`: named so its signature fits; the kit passes none. */
export interface ReadOptions {
  readonly fieldMask?: unknown;
}

/** A Firestore client as the kit's stores use it. */
export interface DocumentDb {
  collection(path: string): CollectionRef;
  doc(path: string): DocumentRef;
  /** The documents, in order (the SDK's also takes read options, which the kit never passes). */
  getAll(...refs: Array<DocumentRef | ReadOptions>): Promise<DocumentSnap[]>;
  batch(): DocumentBatch;
  runTransaction<T>(update: (tx: DocumentTransaction) => Promise<T>): Promise<T>;
  /** A client that brings its own sentinels (the SDK's are `FieldValue`, loaded with it). */
  readonly fieldValues?: FieldValues;
}
