import { LRUCache } from 'lru-cache';
import type { ApprovalNotices } from './approval-notices.js';
import { instanceMemoryBytes } from './instance-memory.js';
import type { LiveWords } from './live-words.js';
import { sessionBytes } from './session-bytes.js';
import type { Session } from './session-schema.js';
import {
  isWriteConflict,
  type SessionDeleteOptions,
  type SessionLoadOptions,
  type SessionRecord,
  type SessionStore,
  type SessionWriteOptions,
} from './session-store.js';
import type { TurnQueue } from './turn-queue.js';
import type { TurnStops } from './turn-stops.js';
import type { WaitingCount } from './waiting-questions.js';

/** Options of {@link LruSessionCache}. */
export interface LruSessionCacheOptions {
  /**
   * Most bytes of sessions kept (their estimated heap size, {@link sessionBytes}); a session
   * bigger than this is not cached. Default {@link defaultCacheBytes}: a quarter of the
   * instance's memory, so a 512 MiB function keeps at most 128 MiB of sessions.
   */
  maxBytes?: number;
  /** Most sessions kept, besides the byte bound. Default: no count limit. */
  max?: number;
  /** How long an entry may serve loads. Default 30 minutes; staleness is safe either way (writes are compare-and-set). */
  ttlMs?: number;
}

/** The share of the instance's memory the session cache may hold by default. */
export const DEFAULT_CACHE_MEMORY_SHARE = 0.25;

/** The default byte bound of the session cache: {@link DEFAULT_CACHE_MEMORY_SHARE} of {@link instanceMemoryBytes}. */
export function defaultCacheBytes(): number {
  return Math.floor(instanceMemoryBytes() * DEFAULT_CACHE_MEMORY_SHARE);
}

/**
 * A per-instance LRU cache in front of a session store, bounded by bytes (so that many long
 * conversations can't take the instance's memory). Write-through: a write goes to the
 * store first and is cached only once stored; never written back later, so a crash loses
 * nothing. Version-checked: the store's writes are compare-and-set on the copy they replace,
 * so a stale cached copy can't overwrite newer state; a conflict drops the entry and the
 * next load reads the store.
 */
export class LruSessionCache implements SessionStore {
  readonly store: SessionStore;
  private readonly cache: LRUCache<string, SessionRecord>;
  /** Reads of the store in flight, by session: joined by loads that find no cached copy. */
  private readonly reading = new Map<string, Promise<SessionRecord | undefined>>();

  constructor(store: SessionStore, options: LruSessionCacheOptions = {}) {
    this.store = store;
    this.cache = new LRUCache<string, SessionRecord>({
      ...(options.max ? { max: options.max } : {}),
      maxSize: options.maxBytes ?? defaultCacheBytes(),
      sizeCalculation: (record) => sessionBytes(record.session),
      ttl: options.ttlMs ?? 30 * 60_000,
    });
  }

  /** The store's stops: a stop is never cached. */
  get stops(): TurnStops | undefined {
    return this.store.stops;
  }

  /** The store's count of waiting approvals: never cached (every instance's turns change it). */
  get waitingCount(): WaitingCount | undefined {
    return this.store.waitingCount;
  }

  /** The store's live words: never cached (they change every second while a round streams). */
  get live(): LiveWords | undefined {
    return this.store.live;
  }

  /** The store's queue: never cached (other instances push to it). */
  get queue(): TurnQueue | undefined {
    return this.store.queue;
  }

  /** The store's approval notices: never cached (a claim is the store's compare-and-set). */
  get approvals(): ApprovalNotices | undefined {
    return this.store.approvals;
  }

  /** Whether the store's writes charge usage. */
  get chargesUsage(): boolean | undefined {
    return this.store.chargesUsage;
  }

  /** The estimated bytes of the sessions cached now (at most `maxBytes`). */
  get bytes(): number {
    return this.cache.calculatedSize;
  }

  /** True when session `id` is cached (for metrics and tests). */
  has(id: string): boolean {
    return this.cache.has(id);
  }

  /** Forgets everything cached (a cold instance). */
  clear(): void {
    this.cache.clear();
  }

  async load(id: string, options?: SessionLoadOptions): Promise<SessionRecord | undefined> {
    if (options?.fresh) return this.read(id);
    // A load that finds a read of the session in flight (a warm-up, a concurrent call) joins it:
    // its copy is as good as a cached one, and compare-and-set writes catch either being stale.
    return this.cache.get(id) ?? this.reading.get(id) ?? this.read(id);
  }

  private async read(id: string): Promise<SessionRecord | undefined> {
    const reading = this.store.load(id).then((record) => record && this.remember(record));
    this.reading.set(id, reading);
    try {
      return await reading;
    } finally {
      if (this.reading.get(id) === reading) this.reading.delete(id);
    }
  }

  async create(session: Session): Promise<SessionRecord> {
    return this.remember(await this.store.create(session));
  }

  async write(expected: SessionRecord, next: Session, options?: SessionWriteOptions): Promise<SessionRecord> {
    try {
      return this.remember(await this.store.write(expected, next, options));
    } catch (error) {
      if (isWriteConflict(error)) this.forget(expected);
      throw error;
    }
  }

  async delete(id: string, options?: SessionDeleteOptions): Promise<void> {
    this.cache.delete(id);
    await this.store.delete(id, options);
    this.cache.delete(id);
  }

  /** Caches `record` unless a newer version is cached already (a slow load lost the race); returns the newest. */
  private remember(record: SessionRecord): SessionRecord {
    const cached = this.cache.get(record.session.id);
    if (cached && cached.session.version > record.session.version) return cached;
    this.cache.set(record.session.id, record);
    return record;
  }

  /** Drops the entry of a copy found stale; a newer entry stays. */
  private forget(stale: SessionRecord): void {
    const cached = this.cache.peek(stale.session.id);
    if (cached && cached.etag === stale.etag) this.cache.delete(stale.session.id);
  }
}
