import type { Session } from './session-schema.js';
import { type SessionDeleteOptions, type SessionLoadOptions, type SessionRecord, type SessionStore, type SessionWriteOptions } from './session-store.js';
import type { TurnQueue } from './turn-queue.js';
import type { TurnStops } from './turn-stops.js';
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
export declare const DEFAULT_CACHE_MEMORY_SHARE = 0.25;
/** The default byte bound of the session cache: {@link DEFAULT_CACHE_MEMORY_SHARE} of {@link instanceMemoryBytes}. */
export declare function defaultCacheBytes(): number;
/**
 * A per-instance LRU cache in front of a session store, bounded by bytes (so that many long
 * conversations can't take the instance's memory). Write-through: a write goes to the
 * store first and is cached only once stored; never written back later, so a crash loses
 * nothing. Version-checked: the store's writes are compare-and-set on the copy they replace,
 * so a stale cached copy can't overwrite newer state; a conflict drops the entry and the
 * next load reads the store.
 */
export declare class LruSessionCache implements SessionStore {
    readonly store: SessionStore;
    private readonly cache;
    /** Reads of the store in flight, by session: joined by loads that find no cached copy. */
    private readonly reading;
    constructor(store: SessionStore, options?: LruSessionCacheOptions);
    /** The store's stops: a stop is never cached. */
    get stops(): TurnStops | undefined;
    /** The store's queue: never cached (other instances push to it). */
    get queue(): TurnQueue | undefined;
    /** The estimated bytes of the sessions cached now (at most `maxBytes`). */
    get bytes(): number;
    /** True when session `id` is cached (for metrics and tests). */
    has(id: string): boolean;
    /** Forgets everything cached (a cold instance). */
    clear(): void;
    load(id: string, options?: SessionLoadOptions): Promise<SessionRecord | undefined>;
    private read;
    create(session: Session): Promise<SessionRecord>;
    write(expected: SessionRecord, next: Session, options?: SessionWriteOptions): Promise<SessionRecord>;
    delete(id: string, options?: SessionDeleteOptions): Promise<void>;
    /** Caches `record` unless a newer version is cached already (a slow load lost the race); returns the newest. */
    private remember;
    /** Drops the entry of a copy found stale; a newer entry stays. */
    private forget;
}
