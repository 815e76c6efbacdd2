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

/** Options of {@link InMemorySessionStore}. */
export interface InMemorySessionStoreOptions {
  /** Where a write's `charge` goes (the counters a usage limiter reads); without it nothing is charged. */
  usage?: InMemoryUsageCounters;
}

interface Stored {
  json: string;
  etag: string;
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
    // What lives beside the session goes with it, as a recursive delete takes Firestore's.
    this.queue.drop(id);
    this.stops.drop(id);
    this.live.drop(id);
  }

  private put(written: Session): SessionRecord {
    const session = withPending(written);
    const json = JSON.stringify(session);
    const etag = `m${++this.writes}`;
    this.sessions.set(session.id, { json, etag });
    // The caller's own object comes back: what the store keeps is the JSON, shared with no one.
    return { session, etag };
  }
}
