import { LRUCache } from 'lru-cache';
import type { Session } from './session-schema.js';
import {
  isWriteConflict,
  type SessionDeleteOptions,
  type SessionLoadOptions,
  type SessionRecord,
  type SessionStore,
  type SessionWriteOptions,
} from './session-store.js';

/** Options of {@link LruSessionCache}. */
export interface LruSessionCacheOptions {
  /** Most sessions kept. Default 500. */
  max?: number;
  /** How long an entry may serve loads. Default 30 minutes; staleness is safe either way (writes are compare-and-set). */
  ttlMs?: number;
}

/**
 * A per-instance LRU cache in front of a session store. Write-through: a write goes to the
 * store first and is cached only once stored; never written back later, so a crash loses
 * nothing. Version-checked: the store's writes are compare-and-set on the copy they replace,
 * so a stale cached copy can't overwrite newer state; a conflict drops the entry and the
 * next load reads the store.
 */
export class LruSessionCache implements SessionStore {
  readonly store: SessionStore;
  private readonly cache: LRUCache<string, SessionRecord>;

  constructor(store: SessionStore, options: LruSessionCacheOptions = {}) {
    this.store = store;
    this.cache = new LRUCache<string, SessionRecord>({ max: options.max ?? 500, ttl: options.ttlMs ?? 30 * 60_000 });
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
    const cached = options?.fresh ? undefined : this.cache.get(id);
    if (cached) return cached;
    const record = await this.store.load(id);
    return record && this.remember(record);
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
