import type { BatchWrites, DocumentBatch, DocumentFields, DocumentRef, WritePrecondition } from './document-db.js';

/**
 * Writes staged before their batch is chosen: counted first, then put in a batch of their own or
 * in one shared with others (several sessions in one commit), in the order staged.
 */
export class StagedWrites implements BatchWrites {
  private readonly writes: ((batch: DocumentBatch) => void)[] = [];

  /** How many writes are staged: Firestore bills each, and takes at most 500 in a commit. */
  get size(): number {
    return this.writes.length;
  }

  create(ref: DocumentRef, data: DocumentFields): void {
    this.writes.push((batch) => batch.create(ref, data));
  }

  set(ref: DocumentRef, data: DocumentFields, options?: { merge?: boolean }): void {
    this.writes.push((batch) => (options ? batch.set(ref, data, options) : batch.set(ref, data)));
  }

  update(ref: DocumentRef, data: DocumentFields, precondition?: WritePrecondition): void {
    this.writes.push((batch) => (precondition ? batch.update(ref, data, precondition) : batch.update(ref, data)));
  }

  delete(ref: DocumentRef, precondition?: WritePrecondition): void {
    this.writes.push((batch) => (precondition ? batch.delete(ref, precondition) : batch.delete(ref)));
  }

  /** Puts the staged writes in `batch`, after what it holds; `batch`. */
  into(batch: DocumentBatch): DocumentBatch {
    for (const write of this.writes) write(batch);
    return batch;
  }
}
