import { KitError } from '../errors/index.js';
import { type InMemoryUsageCounters, tellUsageCharged } from '../usage/index.js';
import { MemoryLiveWords } from './memory-live-words.js';
import { MemoryTurnQueue } from './memory-turn-queue.js';
import { MemoryTurnStops } from './memory-turn-stops.js';
import { parseSession } from './parse-session.js';
import { withPending } from './pending-of.js';
import type { Session } from './session-schema.js';
import {
  assertFence,
  assertSuccessor,
  type SessionDeleteOptions,
  type SessionRecord,
  type SessionStore,
  type SessionWriteOptions,
  writeConflict,
} from './session-store.js';
import { askerOf, type WaitingCount, type WaitingFilter, waitingQuestions } from './waiting-questions.js';

/** Options of {@link InMemorySessionStore}. */
export interface InMemorySessionStoreOptions {
  /** Where a write's `charge` goes (the counters a usage limiter reads); without it nothing is charged. */
  usage?: InMemoryUsageCounters;
}

interface Stored {
  json: string;
  etag: string;
}

/** What a stored session leaves waiting, as Firestore's inbox would hold it: its owner, and who asked each question. */
interface Waiting {
  ownerUid: string;
  askers: string[];
}

/**
 * A session store in this process's memory: for tests, the scripted demo and single-instance
 * tools. Data is kept as JSON and parsed on every load, as a remote store would, so no caller
 * ever shares an object with the store.
 */
export class InMemorySessionStore implements SessionStore {
  readonly stops = new MemoryTurnStops();
  readonly queue = new MemoryTurnQueue();
  readonly live = new MemoryLiveWords();
  readonly chargesUsage: boolean;
  private readonly sessions = new Map<string, Stored>();
  /** The questions each stored session leaves waiting (only sessions with some): the store's own inbox. */
  private readonly waiting = new Map<string, Waiting>();
  /** Counted from the stored sessions, as Firestore's store counts its inbox documents. */
  readonly waitingCount: WaitingCount = { count: async (filter) => this.countWaiting(filter) };
  private writes = 0;
  private readonly usage: InMemoryUsageCounters | undefined;

  constructor(options: InMemorySessionStoreOptions = {}) {
    this.usage = options.usage;
    this.chargesUsage = options.usage !== undefined;
  }

  async load(id: string): Promise<SessionRecord | undefined> {
    await Promise.resolve();
    const stored = this.sessions.get(id);
    return stored && { session: parseSession(JSON.parse(stored.json), id), etag: stored.etag };
  }

  async create(session: Session): Promise<SessionRecord> {
    await Promise.resolve();
    if (this.sessions.has(session.id)) {
      throw new KitError('already-exists', `session '${session.id}' already exists`);
    }
    return this.put(session);
  }

  async write(expected: SessionRecord, next: Session, options?: SessionWriteOptions): Promise<SessionRecord> {
    await Promise.resolve();
    assertSuccessor(expected, next);
    const stored = this.sessions.get(next.id);
    if (!stored) throw writeConflict(next.id, 'it no longer exists');
    if (stored.etag !== expected.etag) throw writeConflict(next.id);
    assertFence(expected, options);
    const record = this.put(next);
    if (options?.charge && this.usage) {
      this.usage.charge(options.charge);
      tellUsageCharged(options.charge, this.usage.ledger);
    }
    return record;
  }

  async delete(id: string, options?: SessionDeleteOptions): Promise<void> {
    await Promise.resolve();
    const expected = options?.expected;
    if (expected && this.sessions.get(id)?.etag !== expected.etag) throw writeConflict(id, 'it changed or is gone');
    this.sessions.delete(id);
    this.waiting.delete(id);
    // What lives beside the session goes with it, as a recursive delete takes Firestore's.
    this.queue.drop(id);
    this.stops.drop(id);
    this.live.drop(id);
  }

  /** Notes what `session` leaves waiting; a sub-agent's questions are its parent's (as in Firestore's inbox). */
  private keepWaiting(session: Session): void {
    const questions = session.parent ? [] : [...waitingQuestions(session.history).values()];
    if (!questions.length) this.waiting.delete(session.id);
    else
      this.waiting.set(session.id, { ownerUid: session.ownerUid, askers: questions.map((q) => askerOf(session, q)) });
  }

  private countWaiting(filter: WaitingFilter): number {
    let count = 0;
    for (const { ownerUid, askers } of this.waiting.values()) {
      if (filter.ownerUid !== undefined) count += ownerUid === filter.ownerUid ? askers.length : 0;
      else for (const asker of askers) if (asker === filter.agent) count++;
    }
    return count;
  }

  private put(written: Session): SessionRecord {
    const session = withPending(written);
    const json = JSON.stringify(session);
    const etag = `m${++this.writes}`;
    this.sessions.set(session.id, { json, etag });
    this.keepWaiting(session);
    // The caller's own object comes back: what the store keeps is the JSON, shared with no one.
    return { session, etag };
  }
}
