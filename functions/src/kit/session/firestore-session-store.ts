import type { DocumentReference, Firestore, Timestamp, WriteBatch } from 'firebase-admin/firestore';
import { KitError } from '../errors/index.js';
import { firestoreCode, fromFirestoreError } from './firestore-error.js';
import { readSessionDoc, sessionDocFields } from './firestore-session-doc.js';
import {
  DEFAULT_HISTORY_LIMITS,
  EMPTY_LAYOUT,
  type HistoryLayout,
  type HistoryLimits,
  type HistoryPlan,
  planHistory,
  readHistory,
} from './history-layout.js';
import { type LedgerEntry, LedgerEntrySchema } from './ledger-entry.js';
import type { Session } from './session-schema.js';
import {
  assertFence,
  assertSuccessor,
  type SessionRecord,
  type SessionStore,
  type SessionWriteOptions,
  writeConflict,
} from './session-store.js';

/** One Firestore call the store made, with the documents it read and wrote (billing units). */
export interface StoreOperation {
  kind: 'get' | 'getAll' | 'commit' | 'delete';
  reads: number;
  writes: number;
}

/** Options of {@link FirestoreSessionStore}. */
export interface FirestoreSessionStoreOptions {
  firestore: Firestore;
  /** Put before every collection name, so tenants (or tests) don't share data. Default ''. */
  prefix?: string;
  /** Collection names before the prefix. Defaults: `sessions`, `history` (under a session), `toolLedger`. */
  collections?: { sessions?: string; history?: string; ledger?: string };
  /** How history is cut into documents. */
  limits?: HistoryLimits;
  /** Told about every Firestore call the store makes (metrics, benchmarks). */
  onOperation?: (operation: StoreOperation) => void;
}

interface Storage {
  updateTime: Timestamp;
  layout: HistoryLayout;
}

const LOAD_ATTEMPTS = 3;

type Time = { toMillis(): number };

/** A ledger document as an entry; `data-loss` when it isn't one. */
function readLedgerDoc(key: string, data: Record<string, unknown> | undefined): LedgerEntry {
  try {
    const fields = data as Record<string, unknown> & { result: string; createdAt: Time; expireAt: Time };
    return LedgerEntrySchema.parse({
      ...fields,
      key,
      result: JSON.parse(fields.result),
      createdAt: fields.createdAt.toMillis(),
      expireAt: fields.expireAt.toMillis(),
    });
  } catch (error) {
    throw new KitError('data-loss', `tool ledger entry '${key}' is not a valid entry`, { cause: error });
  }
}
const etagOf = (time: Timestamp): string => `${time.seconds}.${String(time.nanoseconds).padStart(9, '0')}`;
const chunkId = (index: number): string => `c${String(index).padStart(6, '0')}`;

/**
 * Sessions in Firestore (firebase-admin). A session is one document; history beyond its tail
 * lives in chunk documents under it, so a conversation of any length fits. Writes are batches
 * whose session update carries the `lastUpdateTime` precondition of the copy it replaces:
 * compare-and-set without a read, which is what lets a warm turn write without reading.
 */
export class FirestoreSessionStore implements SessionStore {
  private readonly db: Firestore;
  private readonly sessions: string;
  private readonly history: string;
  private readonly ledger: string;
  private readonly limits: HistoryLimits;
  private readonly onOperation: ((operation: StoreOperation) => void) | undefined;

  constructor(options: FirestoreSessionStoreOptions) {
    const prefix = options.prefix ?? '';
    this.db = options.firestore;
    this.sessions = prefix + (options.collections?.sessions ?? 'sessions');
    this.history = prefix + (options.collections?.history ?? 'history');
    this.ledger = prefix + (options.collections?.ledger ?? 'toolLedger');
    this.limits = options.limits ?? DEFAULT_HISTORY_LIMITS;
    this.onOperation = options.onOperation;
  }

  /** The document of session `id` (for security rules tests and the cleanup job). */
  sessionRef(id: string): DocumentReference {
    return this.db.collection(this.sessions).doc(id);
  }

  private chunkRef(id: string, index: number): DocumentReference {
    return this.sessionRef(id).collection(this.history).doc(chunkId(index));
  }

  async load(id: string): Promise<SessionRecord | undefined> {
    for (let attempt = 1; ; attempt++) {
      const record = await this.loadOnce(id);
      if (record !== 'moved') return record;
      // A writer re-wrote chunks between our two reads; the next read sees a consistent state.
      if (attempt >= LOAD_ATTEMPTS) throw new KitError('aborted', `session '${id}' kept changing while it was read`);
    }
  }

  private async loadOnce(id: string): Promise<SessionRecord | undefined | 'moved'> {
    const snap = await this.run(`loading session '${id}'`, () => this.sessionRef(id).get());
    this.onOperation?.({ kind: 'get', reads: 1, writes: 0 });
    if (!snap.exists) return undefined;
    const doc = readSessionDoc(snap.data(), id);
    const chunks: string[] = [];
    if (doc.layout.chunks.length) {
      const refs = doc.layout.chunks.map((_, i) => this.chunkRef(id, i));
      const snaps = await this.run(`loading the history of session '${id}'`, () => this.db.getAll(...refs));
      this.onOperation?.({ kind: 'getAll', reads: refs.length, writes: 0 });
      const version = snap.get('version') as number;
      for (const chunk of snaps) {
        // Chunks carry the version that wrote them: a newer one means the session moved on.
        if (!chunk.exists || (chunk.get('v') as number) > version) return 'moved';
        chunks.push(chunk.get('text') as string);
      }
    }
    const session = doc.toSession(readHistory(doc.layout, chunks, doc.tail));
    const updateTime = snap.updateTime as Timestamp;
    const storage: Storage = { updateTime, layout: doc.layout };
    return { session, etag: etagOf(updateTime), storage };
  }

  async create(session: Session): Promise<SessionRecord> {
    const plan = planHistory(EMPTY_LAYOUT, [], session.history, this.limits);
    const batch = this.db.batch();
    batch.create(this.sessionRef(session.id), sessionDocFields(session, plan));
    this.addChunks(batch, session, plan);
    try {
      return await this.commit(batch, session, plan, 1 + plan.put.size);
    } catch (error) {
      if (firestoreCode(error) === 6) throw new KitError('already-exists', `session '${session.id}' already exists`);
      throw fromFirestoreError(error, `creating session '${session.id}'`);
    }
  }

  async write(expected: SessionRecord, next: Session, options?: SessionWriteOptions): Promise<SessionRecord> {
    assertSuccessor(expected, next);
    assertFence(expected, options);
    const storage = expected.storage as Storage | undefined;
    if (!storage?.updateTime) {
      throw new KitError('internal', `session '${next.id}' was not read from this Firestore store`);
    }
    const plan = planHistory(storage.layout, expected.session.history, next.history, this.limits);
    const batch = this.db.batch();
    batch.update(this.sessionRef(next.id), sessionDocFields(next, plan), { lastUpdateTime: storage.updateTime });
    this.addChunks(batch, next, plan);
    const ledger = options?.ledger ?? [];
    for (const entry of ledger) {
      const { key, result, ...fields } = entry;
      batch.create(this.db.collection(this.ledger).doc(key), {
        ...fields,
        result: JSON.stringify(result),
        createdAt: new Date(entry.createdAt),
        expireAt: new Date(entry.expireAt),
      });
    }
    try {
      return await this.commit(batch, next, plan, 1 + plan.put.size + plan.remove.length + ledger.length);
    } catch (error) {
      // 9: the update-time precondition failed; 5: the session is gone; 6: a ledger entry exists.
      const code = firestoreCode(error);
      if (code === 9 || code === 5 || code === 6) throw writeConflict(next.id);
      throw fromFirestoreError(error, `writing session '${next.id}'`);
    }
  }

  async readLedger(keys: readonly string[]): Promise<Map<string, LedgerEntry>> {
    const found = new Map<string, LedgerEntry>();
    if (!keys.length) return found;
    const refs = keys.map((key) => this.db.collection(this.ledger).doc(key));
    const snaps = await this.run('reading the tool ledger', () => this.db.getAll(...refs));
    this.onOperation?.({ kind: 'getAll', reads: refs.length, writes: 0 });
    for (const snap of snaps) {
      if (!snap.exists) continue;
      found.set(snap.id, readLedgerDoc(snap.id, snap.data()));
    }
    return found;
  }

  async delete(id: string): Promise<void> {
    await this.run(`deleting session '${id}'`, () => this.db.recursiveDelete(this.sessionRef(id)));
    this.onOperation?.({ kind: 'delete', reads: 0, writes: 1 });
  }

  private addChunks(batch: WriteBatch, session: Session, plan: HistoryPlan): void {
    for (const [index, text] of plan.put) batch.set(this.chunkRef(session.id, index), { text, v: session.version });
    for (const index of plan.remove) batch.delete(this.chunkRef(session.id, index));
  }

  private async commit(batch: WriteBatch, session: Session, plan: HistoryPlan, writes: number): Promise<SessionRecord> {
    const results = await batch.commit();
    this.onOperation?.({ kind: 'commit', reads: 0, writes });
    const updateTime = (results[0] as { writeTime: Timestamp }).writeTime;
    const storage: Storage = { updateTime, layout: plan.layout };
    return { session, etag: etagOf(updateTime), storage };
  }

  private async run<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw fromFirestoreError(error, what);
    }
  }
}
