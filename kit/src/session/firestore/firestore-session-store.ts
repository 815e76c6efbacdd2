import {
  APPROVALS_COLLECTION,
  approvalId,
  CONTROL_COLLECTION,
  chunkId,
  LIVE_DOC_ID,
  millisOf,
  QUEUE_DOC_ID,
} from '@callable-flows/protocol';
import { KitError } from '../../errors/index.js';
import {
  type BatchWrites,
  countWhere,
  type DocumentBatch,
  type DocumentDb,
  type DocumentRef,
  type DocumentSnap,
  type FieldValues,
  fieldValuesOf,
  StagedWrites,
  sdkFirestore,
  type UpdateTime,
  type WriteOutcome,
} from '../../firestore/index.js';
import type { Message } from '../../model/index.js';
import { within } from '../../timing/index.js';
import {
  firestoreUsageLedger,
  tellUsageCharged,
  type UsageCharge,
  usageCounterFields,
  usageCounterRef,
} from '../../usage/index.js';
import { withPending } from '../pending-of.js';
import { journalOf } from '../session-branches.js';
import type { Session } from '../session-schema.js';
import {
  assertFence,
  assertSuccessor,
  isWriteConflict,
  type SessionDeleteOptions,
  type SessionRecord,
  type SessionVersion,
  type SessionWriteOptions,
  writeConflict,
} from '../session-store.js';
import type {
  ScannedSession,
  SessionScan,
  SessionWrite,
  SweepableSessionStore,
  SweptSession,
} from '../session-sweep.js';
import type { WaitingCount, WaitingFilter } from '../waiting-questions.js';
import { type ApprovalWrite, approvalRefsOf, approvalWrites, openedRefs } from './approval-docs.js';
import { FirestoreApprovalNotices } from './firestore-approval-notices.js';
import { firestoreCode, fromFirestoreError } from './firestore-error.js';
import { FirestoreLiveWords } from './firestore-live-words.js';
import {
  etagOf,
  type FieldChange,
  inboxChanges,
  inboxField,
  readSessionDoc,
  sessionDocFields,
  sessionFieldChanges,
} from './firestore-session-doc.js';
import {
  DEFAULT_FIRESTORE_CALL_TIMEOUT_MS,
  type FirestoreSessionStoreOptions,
  type FirestoreStorage,
  type StoreOperation,
} from './firestore-session-store-options.js';
import { chunkStamp, scannedSession, scanSessionDocs } from './firestore-session-sweep.js';
import { FirestoreTurnQueue } from './firestore-turn-queue.js';
import { FirestoreTurnStops } from './firestore-turn-stops.js';
import {
  DEFAULT_HISTORY_LIMITS,
  EMPTY_LAYOUT,
  type HistoryLimits,
  type HistoryPlan,
  planHistory,
  readHistory,
} from './history-layout.js';
import { KEPT_DOC_ID, keptText, needsKeptStates, withKeptStates } from './kept-states.js';

export type { FirestoreSessionStoreOptions, FirestoreStorage, StoreOperation };

type Storage = FirestoreStorage;

const LOAD_ATTEMPTS = 3;
/** The id of the stop document in the control collection beside a session. */
const STOP_DOC_ID = 'stop';
/** Firestore's limit of writes in one batch. */
const MAX_BATCH_WRITES = 500;

/** The update of a document's changed fields; a removed field is deleted. */
async function updateOf(db: DocumentDb, changes: readonly FieldChange[]): Promise<Record<string, unknown>> {
  const update: Record<string, unknown> = {};
  let fieldValues: FieldValues | undefined;
  for (const [path, value] of changes) {
    if (value === undefined) {
      // Asked only when a write removes a field (a sealed tail, an old result): cold starts stay lean.
      fieldValues ??= await fieldValuesOf(db);
      update[path] = fieldValues.delete();
    } else {
      update[path] = value;
    }
  }
  return update;
}

/**
 * The `inbox` changes of a write: the calls it opens; on a document created before the field
 * existed, the whole field, from the calls of its history (once: the write's copy then has it).
 */
function inboxOf(storage: FirestoreStorage, next: Session, approvals: readonly ApprovalWrite[]): FieldChange[] {
  if (storage.inboxed !== false) return inboxChanges(openedRefs(approvals));
  // A sub-agent's session has no inbox documents of its own: its questions are its parent's.
  return [['inbox', inboxField(next.parent ? [] : approvalRefsOf(next))]];
}

/** A session's writes staged for a commit, and what a commit of them makes of its first write's outcome. */
interface StagedSession<T> {
  id: string;
  doing: 'writing' | 'deleting';
  writes: StagedWrites;
  /** About how many bytes the writes send (`sentBytes`); none for deletes. */
  bytes?: number;
  done(outcome: WriteOutcome): T;
  /** Committed in no shared commit. */
  alone?: boolean;
}

/** A staged session in a shared commit: where its outcome goes, and what `alone` takes. */
interface Packed<T, I> {
  index: number;
  item: I;
  staged: StagedSession<T>;
}

/** Firestore refused a write's precondition (9) or its document is gone (5). */
const isConflictCode = (error: unknown): boolean => {
  const code = firestoreCode(error);
  return code === 9 || code === 5;
};

/** A failed commit of session `id` as the store reports it: a write conflict, or Firestore's error. */
function writeError(error: unknown, id: string, doing: 'writing' | 'deleting'): unknown {
  if (!isConflictCode(error)) return fromFirestoreError(error, `${doing} session '${id}'`);
  return doing === 'writing' ? writeConflict(id) : writeConflict(id, 'it changed or is gone');
}

/** About how many bytes a write sends: its session fields and chunk texts, as JSON. */
function sentBytes(fields: Record<string, unknown>, plan: HistoryPlan): number {
  let bytes = Buffer.byteLength(JSON.stringify(fields));
  for (const text of plan.put.values()) bytes += Buffer.byteLength(text);
  return bytes;
}

/**
 * Sessions in Firestore (firebase-admin). A session is one document; history beyond its tail
 * lives in chunk documents under it, so a conversation of any length fits. Writes are batches
 * whose session update carries the `lastUpdateTime` precondition of the copy it replaces:
 * compare-and-set without a read, which is what lets a warm turn write without reading.
 * Every document carries `expireAt` for a Firestore TTL policy; history chunks expire no
 * earlier than their session (their stamp is renewed once the session's passes it).
 */
export class FirestoreSessionStore implements SweepableSessionStore {
  private readonly db: DocumentDb;
  private readonly sessions: string;
  private readonly history: string;
  private readonly approvalsCollection: string;
  private readonly limits: HistoryLimits;
  private readonly onOperation: ((operation: StoreOperation) => void) | undefined;
  private readonly callTimeoutMs: number;
  private readonly usageCollection: string | undefined;
  /** True when the store was given a usage collection: writes charge what they journal. */
  readonly chargesUsage: boolean;
  /** Stops beside each session (`<session>/control/stop`), heard by the running turn. */
  readonly stops: FirestoreTurnStops;
  /** Messages queued behind a running turn (`<session>/control/queue`), read by `watch`. */
  readonly queue: FirestoreTurnQueue;
  /** The running round's words so far (`<session>/control/live`), read by `watch` on every device. */
  readonly live: FirestoreLiveWords;
  /** The notices of the approvals inbox (`<prefix>approvals/{id}`): who tells a waiting approval, once. */
  readonly approvals: FirestoreApprovalNotices;
  /**
   * The inbox documents that wait, by owner or agent: a `count()` aggregation (equality filters on
   * `ownerUid` or `agent` and `state`), one read per 1,000 documents counted, over either client.
   */
  readonly waitingCount: WaitingCount = { count: (filter) => this.countWaiting(filter) };

  constructor(options: FirestoreSessionStoreOptions) {
    const prefix = options.prefix ?? '';
    this.db = options.firestore;
    this.sessions = prefix + (options.collections?.sessions ?? 'sessions');
    this.history = prefix + (options.collections?.history ?? 'history');
    this.approvalsCollection = prefix + (options.collections?.approvals ?? APPROVALS_COLLECTION);
    this.limits = options.limits ?? DEFAULT_HISTORY_LIMITS;
    this.onOperation = options.onOperation;
    this.callTimeoutMs = options.callTimeoutMs ?? DEFAULT_FIRESTORE_CALL_TIMEOUT_MS;
    this.usageCollection = options.usageCollection;
    this.chargesUsage = options.usageCollection !== undefined;
    this.stops = new FirestoreTurnStops((id) => this.controlRef(id, STOP_DOC_ID));
    this.queue = new FirestoreTurnQueue(this.db, (id) => this.controlRef(id, QUEUE_DOC_ID));
    this.live = new FirestoreLiveWords(
      (id) => this.controlRef(id, LIVE_DOC_ID),
      (bytes) => this.onOperation?.({ kind: 'live', reads: 0, writes: 1, bytes }),
    );
    this.approvals = new FirestoreApprovalNotices(this.db, this.approvalsCollection, this.onOperation);
  }

  /** The document of session `id` (for security rules tests and the cleanup job). */
  sessionRef(id: string): DocumentRef {
    return this.db.collection(this.sessions).doc(id);
  }

  /** The inbox document of the call `ref` of session `id` (see `approvalId`). */
  approvalRef(id: string, ref: string): DocumentRef {
    return this.db.collection(this.approvalsCollection).doc(approvalId(id, ref));
  }

  /** Puts in `batch` the merge that charges `charge` to its owner's counters; the documents it writes (0 or 1). */
  private async addCharge(batch: BatchWrites, charge: UsageCharge): Promise<number> {
    if (!this.usageCollection || charge.tokens <= 0) return 0;
    const FieldValue = await fieldValuesOf(this.db);
    const ref = usageCounterRef(this.db, this.usageCollection, charge.uid, charge.day);
    batch.set(ref, usageCounterFields(FieldValue, charge), { merge: true });
    return 1;
  }

  /**
   * Puts in `batch` the inbox writes of a session write (`approvalWrites`): a document for each call
   * that now waits, the closing fields of each that no longer does.
   */
  private addApprovals(batch: BatchWrites, id: string, writes: readonly ApprovalWrite[]): void {
    for (const write of writes) {
      const ref = this.approvalRef(id, write.ref);
      // Set whole on open: a wait begins, and a restarted call that asks again drops its last wait's
      // answer and notice. Merged on close, with only the fields the store owns: a notifier's claim
      // (`notice`) stays, and a call that waited before the inbox existed gets a closed stub, the batch never failing on it.
      if (write.kind === 'open') batch.set(ref, write.fields);
      else batch.set(ref, write.fields, { merge: true });
    }
  }

  /**
   * The documents a session owns besides itself, which go in its deletion's batch: the chunks its
   * layout names, its inbox documents, and its control documents (a stop, the queue, the live
   * words; deleting one that was never written is no error).
   */
  private async ownedRefs(id: string, expected: SessionVersion, storage: Storage): Promise<DocumentRef[]> {
    const chunks = (storage.layout?.chunks ?? []).map((_, i) => this.chunkRef(id, i));
    const control = [STOP_DOC_ID, QUEUE_DOC_ID, LIVE_DOC_ID, KEPT_DOC_ID].map((doc) => this.controlRef(id, doc));
    return [...chunks, ...(await this.approvalsOf(id, expected, storage)), ...control];
  }

  /**
   * Puts in `batch` the kept-state document of `next` (kept-states.ts) when its calls' kept states
   * differ from `before`'s, or its session's stamp moves on: set, or deleted once none keeps one.
   * The documents it writes (0 or 1).
   */
  private addKept(
    batch: BatchWrites,
    before: Session | undefined,
    next: Session,
    stamp: { at: number; renew?: boolean },
  ): number {
    const text = keptText(next.history);
    const was = before && keptText(before.history);
    if (text === was && !(text !== undefined && stamp.renew)) return 0;
    const ref = this.controlRef(next.id, KEPT_DOC_ID);
    // Expires with the chunks, no earlier than its session.
    if (text === undefined) batch.delete(ref);
    else batch.set(ref, { text, expireAt: new Date(stamp.at) });
    return 1;
  }

  /** `history` as read, its open round's calls given back their kept states (a read of the kept document, when one keeps any). */
  private async keptStatesOf(id: string, history: Message[]): Promise<Message[] | 'moved'> {
    if (!needsKeptStates(history)) return history;
    const snap = await this.run(`loading session '${id}'`, () => this.controlRef(id, KEPT_DOC_ID).get());
    this.onOperation?.({ kind: 'get', reads: 1, writes: 0 });
    return withKeptStates(history, snap.exists ? (snap.get('text') as string) : undefined);
  }

  private controlRef(id: string, doc: string): DocumentRef {
    return this.sessionRef(id).collection(CONTROL_COLLECTION).doc(doc);
  }

  private chunkRef(id: string, index: number): DocumentRef {
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
    return this.recordOf(snap);
  }

  /** The session a document holds, with its history chunks; 'moved' when a chunk is newer than it. */
  private async recordOf(snap: DocumentSnap): Promise<SessionRecord | 'moved'> {
    const id = snap.id;
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
    const history = await this.keptStatesOf(id, readHistory(doc.layout, chunks, doc.tail));
    if (history === 'moved') return 'moved';
    const session = doc.toSession(history);
    const updateTime = snap.updateTime as UpdateTime;
    const storage: Storage = {
      updateTime,
      layout: doc.layout,
      chunksExpireAt: millisOf(snap.get('chunksExpireAt')),
      inboxed: snap.get('inbox') !== undefined,
    };
    return { session, etag: etagOf(updateTime), storage };
  }

  async create(created: Session): Promise<SessionRecord> {
    const session = withPending(created);
    const plan = planHistory(EMPTY_LAYOUT, [], journalOf(session), this.limits);
    const stamp = chunkStamp(session, undefined);
    const approvals = approvalWrites(undefined, session);
    const batch = this.db.batch();
    const fields = this.docFields(session, plan, stamp.at, approvals);
    batch.create(this.sessionRef(session.id), fields);
    this.addChunks(batch, session, plan, stamp.at);
    this.addApprovals(batch, session.id, approvals);
    const writes = 1 + plan.put.size + approvals.length + this.addKept(batch, undefined, session, stamp);
    try {
      return await this.commit(batch, session, plan, stamp.at, writes, sentBytes(fields, plan));
    } catch (error) {
      if (firestoreCode(error) === 6) throw new KitError('already-exists', `session '${session.id}' already exists`);
      throw fromFirestoreError(error, `creating session '${session.id}'`);
    }
  }

  /**
   * Stores many new sessions in batched writes (an import, a benchmark's or a test's fixtures):
   * `already-exists` if one is taken (the sessions of earlier batches stay).
   */
  async createMany(sessions: readonly Session[]): Promise<void> {
    let batch = this.db.batch();
    let writes = 0;
    const flush = async (): Promise<void> => {
      if (!writes) return;
      try {
        await batch.commit();
      } catch (error) {
        if (firestoreCode(error) === 6) throw new KitError('already-exists', 'one of the sessions already exists');
        throw fromFirestoreError(error, 'creating sessions');
      }
      this.onOperation?.({ kind: 'commit', reads: 0, writes });
      batch = this.db.batch();
      writes = 0;
    };
    for (const created of sessions) {
      const session = withPending(created);
      const plan = planHistory(EMPTY_LAYOUT, [], journalOf(session), this.limits);
      const approvals = approvalWrites(undefined, session);
      // One more for a kept-state document, if the session has one.
      if (writes + 2 + plan.put.size + approvals.length > MAX_BATCH_WRITES) await flush();
      const stamp = chunkStamp(session, undefined);
      batch.create(this.sessionRef(session.id), this.docFields(session, plan, stamp.at, approvals));
      this.addChunks(batch, session, plan, stamp.at);
      this.addApprovals(batch, session.id, approvals);
      writes += 1 + plan.put.size + approvals.length + this.addKept(batch, undefined, session, stamp);
    }
    await flush();
  }

  async write(expected: SessionRecord, written: Session, options?: SessionWriteOptions): Promise<SessionRecord> {
    const staged = await this.stageWrite(expected, written, options);
    let record: SessionRecord;
    try {
      const outcomes = await this.bounded('a write', () => staged.writes.into(this.db.batch()).commit());
      this.onOperation?.({ kind: 'commit', reads: 0, writes: staged.writes.size, bytes: staged.bytes });
      record = staged.done(outcomes[0] as WriteOutcome);
    } catch (error) {
      throw writeError(error, staged.id, staged.doing);
    }
    // Committed: this process's limiters over these counters count the charge now.
    if (staged.charged && options?.charge && this.usageCollection)
      tellUsageCharged(options.charge, firestoreUsageLedger(this.usageCollection));
    return record;
  }

  /** The writes of `written` over the copy `expected`, staged: its session update first. */
  private async stageWrite(
    expected: SessionRecord,
    written: Session,
    options?: SessionWriteOptions,
  ): Promise<StagedSession<SessionRecord> & { charged: number }> {
    const next = withPending(written);
    assertSuccessor(expected, next);
    assertFence(expected, options);
    const storage = expected.storage as Storage | undefined;
    if (!storage?.updateTime || !storage.layout) {
      throw new KitError('internal', `session '${next.id}' was not read from this Firestore store`);
    }
    const plan = planHistory(storage.layout, journalOf(expected.session), journalOf(next), this.limits);
    const stamp = chunkStamp(next, storage.chunksExpireAt);
    const changes = sessionFieldChanges(expected.session, storage.layout, next, plan);
    if (stamp.at !== storage.chunksExpireAt) changes.push(['chunksExpireAt', new Date(stamp.at)]);
    const approvals = approvalWrites(expected.session, next);
    changes.push(...inboxOf(storage, next, approvals));
    const writes = new StagedWrites();
    const update = await updateOf(this.db, changes);
    writes.update(this.sessionRef(next.id), update, { lastUpdateTime: storage.updateTime });
    this.addChunks(writes, next, plan, stamp.at);
    if (stamp.renew) this.renewChunks(writes, next.id, plan, stamp.at);
    this.addApprovals(writes, next.id, approvals);
    this.addKept(writes, expected.session, next, stamp);
    const charged = options?.charge ? await this.addCharge(writes, options.charge) : 0;
    const done = ({ writeTime }: WriteOutcome): SessionRecord => {
      const kept: Storage = { updateTime: writeTime, layout: plan.layout, chunksExpireAt: stamp.at };
      return { session: next, etag: etagOf(writeTime), storage: kept };
    };
    return { id: next.id, doing: 'writing', writes, bytes: sentBytes(update, plan), done, charged };
  }

  /**
   * Writes each session as `write` does, many in one commit (at most 500 writes each): each
   * session's writes are still all or none, on the copy it was read as. A session changed since
   * fails the whole commit, so its sessions are then written one commit each, and only it fails.
   */
  async writeAll(writes: readonly SessionWrite[]): Promise<PromiseSettledResult<SessionRecord>[]> {
    const staged = await Promise.allSettled(writes.map(({ expected, written }) => this.stageWrite(expected, written)));
    return this.commitShared(staged, (one) => this.write(one.expected, one.written), writes);
  }

  /**
   * Deletes each session as `delete` with its `expected` copy does, many in one commit: the same
   * all-or-none batch per session, the same fallback as {@link writeAll} when one changed.
   */
  async deleteAll(sessions: readonly SweptSession[]): Promise<PromiseSettledResult<void>[]> {
    const staged = await Promise.allSettled(sessions.map((one) => this.stageDelete(one)));
    return this.commitShared(staged, (one) => this.delete(one.id, { expected: one }), sessions);
  }

  async delete(id: string, options?: SessionDeleteOptions): Promise<void> {
    const storage = options?.expected?.storage as Storage | undefined;
    if (storage && options?.expected) {
      // What the session owns goes in the same batch, named by the copy read: no query, one
      // round trip. Without a layout (a document that doesn't parse), the recursive delete below
      // takes the chunks.
      const staged = await this.stageDelete({ ...options.expected, id });
      try {
        await this.bounded(`deleting session '${id}'`, () => staged.writes.into(this.db.batch()).commit());
      } catch (error) {
        throw writeError(error, id, 'deleting');
      }
      this.onOperation?.({ kind: 'commit', reads: 0, writes: staged.writes.size });
      if (storage.layout) return;
    } else if (options?.expected) {
      throw new KitError('internal', `session '${id}' was not read from this Firestore store`);
    }
    // Firestore deletes no subcollection with its document: the history chunks go explicitly.
    const sdk = sdkFirestore(this.db);
    if (!sdk) return this.deleteAsStored(id);
    await this.run(`deleting session '${id}'`, () => sdk.recursiveDelete(sdk.doc(this.sessionRef(id).path)));
    this.onOperation?.({ kind: 'delete', reads: 0, writes: 1 });
    const approvals = await this.queriedApprovals(id);
    if (!approvals.length) return;
    const batch = this.db.batch();
    for (const ref of approvals) batch.delete(ref);
    await this.run(`deleting the approvals of session '${id}'`, () => batch.commit());
    this.onOperation?.({ kind: 'commit', reads: 0, writes: approvals.length });
  }

  /** The conditional delete of a session and all it owns, staged. */
  private async stageDelete(one: SessionVersion & { id: string }): Promise<StagedSession<void>> {
    const storage = one.storage as Storage | undefined;
    if (!storage?.updateTime)
      throw new KitError('internal', `session '${one.id}' was not read from this Firestore store`);
    const owned = await this.ownedRefs(one.id, one, storage);
    const writes = new StagedWrites();
    writes.delete(this.sessionRef(one.id), { lastUpdateTime: storage.updateTime });
    for (const ref of owned) writes.delete(ref);
    // Without a layout the chunks are unknown: such a session is deleted alone, recursively.
    return { id: one.id, doing: 'deleting', writes, done: () => undefined, alone: !storage.layout };
  }

  /**
   * Commits the staged sessions, as many in a commit as 500 writes allow (in order, commits at
   * once); `alone` writes one session in its own commit, for a session staged alone and after a
   * shared commit failed on a session that changed. The outcomes in the order of `items`.
   */
  private async commitShared<T, I>(
    staged: readonly PromiseSettledResult<StagedSession<T>>[],
    alone: (item: I) => Promise<T>,
    items: readonly I[],
  ): Promise<PromiseSettledResult<T>[]> {
    const out: PromiseSettledResult<T>[] = [];
    const packs: Packed<T, I>[][] = [];
    let pack: Packed<T, I>[] = [];
    let size = 0;
    staged.forEach((one, index) => {
      const item = items[index] as I;
      if (one.status === 'rejected') out[index] = one;
      else if (one.value.alone) packs.push([{ index, item, staged: one.value }]);
      else {
        if (pack.length && size + one.value.writes.size > MAX_BATCH_WRITES) {
          packs.push(pack);
          pack = [];
          size = 0;
        }
        pack.push({ index, item, staged: one.value });
        size += one.value.writes.size;
      }
    });
    if (pack.length) packs.push(pack);
    await Promise.all(
      packs.map(async (packed) => {
        const outcomes = await this.commitPack(packed, alone);
        packed.forEach(({ index }, k) => {
          out[index] = outcomes[k] as PromiseSettledResult<T>;
        });
      }),
    );
    return out;
  }

  private async commitPack<T, I>(
    pack: readonly Packed<T, I>[],
    alone: (item: I) => Promise<T>,
  ): Promise<PromiseSettledResult<T>[]> {
    const first = pack[0] as Packed<T, I>;
    if (first.staged.alone) return Promise.allSettled([alone(first.item)]);
    const batch = this.db.batch();
    const starts: number[] = [];
    let writes = 0;
    let bytes = 0;
    for (const { staged } of pack) {
      starts.push(writes);
      staged.writes.into(batch);
      writes += staged.writes.size;
      bytes += staged.bytes ?? 0;
    }
    try {
      const outcomes = await this.bounded('a write', () => batch.commit());
      this.onOperation?.({ kind: 'commit', reads: 0, writes, ...(bytes ? { bytes } : {}) });
      return pack.map(({ staged }, k) => ({
        status: 'fulfilled',
        value: staged.done(outcomes[starts[k] as number] as WriteOutcome),
      }));
    } catch (error) {
      // A session changed since it was read fails the whole commit: each alone, so only it fails.
      if (pack.length > 1 && isConflictCode(error)) return Promise.allSettled(pack.map(({ item }) => alone(item)));
      return pack.map(({ staged }) => ({ status: 'rejected', reason: writeError(error, staged.id, staged.doing) }));
    }
  }

  /**
   * The inbox documents of session `id`: named by the calls of its stored copy when the delete
   * has one, else by the document's `inbox` (a sweep's scanned copy), else, for a document
   * created before `inbox` existed, found by a query (the SDK's client only).
   */
  private async approvalsOf(id: string, expected: SessionVersion, storage: Storage): Promise<DocumentRef[]> {
    const session = (expected as Partial<SessionRecord>).session;
    const refs = session ? approvalRefsOf(session) : storage.inbox;
    if (refs) return refs.map((ref) => this.approvalRef(id, ref));
    return this.queriedApprovals(id);
  }

  private async queriedApprovals(id: string): Promise<DocumentRef[]> {
    const sdk = sdkFirestore(this.db);
    if (!sdk) return [];
    const what = `finding the approvals of session '${id}'`;
    const snaps = await this.run(what, () =>
      sdk.collection(this.approvalsCollection).where('sessionId', '==', id).get(),
    );
    this.onOperation?.({ kind: 'query', reads: Math.max(1, snaps.size), writes: 0 });
    return snaps.docs.map((doc) => this.db.collection(this.approvalsCollection).doc(doc.id));
  }

  /**
   * Without the SDK's recursive delete (the REST client): the session and what its stored copy
   * names (chunks, inbox and control documents), read first and deleted if unchanged.
   */
  private async deleteAsStored(id: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const record = await this.load(id);
      if (!record) return;
      try {
        return await this.delete(id, { expected: record });
      } catch (error) {
        // Written meanwhile (a turn ended): read it again.
        if (attempt >= LOAD_ATTEMPTS || !isWriteConflict(error)) throw error;
      }
    }
  }

  private async countWaiting(filter: WaitingFilter): Promise<number> {
    const [field, value] = filter.ownerUid !== undefined ? ['ownerUid', filter.ownerUid] : ['agent', filter.agent];
    const what = `counting the approvals waiting for ${field} '${value}'`;
    const count = await this.run(what, () =>
      countWhere(this.db, this.approvalsCollection, { [field]: value, state: 'waiting' }),
    );
    this.onOperation?.({ kind: 'count', reads: Math.max(1, Math.ceil(count / 1000)), writes: 0 });
    return count;
  }

  /** One page of the sessions `query` names, oldest first (for the cleanup job). */
  async scan(query: SessionScan): Promise<ScannedSession[]> {
    const sdk = this.sdk('scanning sessions');
    const snaps = await this.run('scanning sessions', () => scanSessionDocs(sdk.collection(this.sessions), query));
    this.onOperation?.({ kind: 'query', reads: Math.max(1, snaps.length), writes: 0 });
    return snaps.map((snap) =>
      scannedSession(snap, async () => {
        const record = query.fieldsOnly ? await this.load(snap.id) : await this.recordOf(snap);
        const scanned = etagOf(snap.updateTime as UpdateTime);
        if (record === 'moved' || record?.etag !== scanned)
          throw writeConflict(snap.id, 'it changed since it was scanned');
        return record;
      }),
    );
  }

  async existing(ids: readonly string[]): Promise<ReadonlySet<string>> {
    if (!ids.length) return new Set();
    const snaps = await this.run('reading sessions', () => this.db.getAll(...ids.map((id) => this.sessionRef(id))));
    this.onOperation?.({ kind: 'getAll', reads: ids.length, writes: 0 });
    return new Set(snaps.filter((snap) => snap.exists).map((snap) => snap.id));
  }

  /** The SDK's client, for what the REST client can't do (queries, recursive deletes). */
  private sdk(what: string) {
    const sdk = sdkFirestore(this.db);
    if (!sdk) throw new KitError('unimplemented', `${what} needs firebase-admin's Firestore, not the REST client`);
    return sdk;
  }

  private docFields(
    session: Session,
    plan: HistoryPlan,
    chunksExpireAt: number,
    approvals: readonly ApprovalWrite[],
  ): Record<string, unknown> {
    const fields = sessionDocFields(session, plan, openedRefs(approvals));
    return { ...fields, chunksExpireAt: new Date(chunksExpireAt) };
  }

  private addChunks(batch: BatchWrites, session: Session, plan: HistoryPlan, expireAt: number): void {
    for (const [index, text] of plan.put) {
      batch.set(this.chunkRef(session.id, index), { text, v: session.version, expireAt: new Date(expireAt) });
    }
    for (const index of plan.remove) batch.delete(this.chunkRef(session.id, index));
  }

  /** Moves the `expireAt` of the chunks this write keeps. */
  private renewChunks(batch: BatchWrites, id: string, plan: HistoryPlan, expireAt: number): void {
    for (let index = 0; index < plan.layout.chunks.length; index++) {
      if (plan.put.has(index)) continue;
      batch.update(this.chunkRef(id, index), { expireAt: new Date(expireAt) });
    }
  }

  private async commit(
    batch: DocumentBatch,
    session: Session,
    plan: HistoryPlan,
    chunksExpireAt: number,
    writes: number,
    bytes: number,
  ): Promise<SessionRecord> {
    const results = await this.bounded('a write', () => batch.commit());
    this.onOperation?.({ kind: 'commit', reads: 0, writes, bytes });
    const updateTime = (results[0] as { writeTime: UpdateTime }).writeTime;
    const storage: Storage = { updateTime, layout: plan.layout, chunksExpireAt };
    return { session, etag: etagOf(updateTime), storage };
  }

  private async run<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await this.bounded(what, call);
    } catch (error) {
      throw fromFirestoreError(error, what);
    }
  }

  /** `call`, or `unavailable` once it has taken longer than the store's call timeout. */
  private bounded<T>(what: string, call: () => Promise<T>): Promise<T> {
    return within(call(), this.callTimeoutMs, () => {
      throw new KitError('unavailable', `${what}: Firestore did not answer within ${this.callTimeoutMs} ms`);
    });
  }
}
