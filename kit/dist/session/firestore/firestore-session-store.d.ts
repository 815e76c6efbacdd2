import { type DocumentRef } from '../../firestore/index.js';
import type { Session } from '../session-schema.js';
import { type SessionDeleteOptions, type SessionRecord, type SessionWriteOptions } from '../session-store.js';
import type { ScannedSession, SessionScan, SweepableSessionStore } from '../session-sweep.js';
import { type FirestoreSessionStoreOptions, type FirestoreStorage, type StoreOperation } from './firestore-session-store-options.js';
import { FirestoreTurnQueue } from './firestore-turn-queue.js';
import { FirestoreTurnStops } from './firestore-turn-stops.js';
export type { FirestoreSessionStoreOptions, FirestoreStorage, StoreOperation };
/**
 * Sessions in Firestore (firebase-admin). A session is one document; history beyond its tail
 * lives in chunk documents under it, so a conversation of any length fits. Writes are batches
 * whose session update carries the `lastUpdateTime` precondition of the copy it replaces:
 * compare-and-set without a read, which is what lets a warm turn write without reading.
 * Every document carries `expireAt` for a Firestore TTL policy; history chunks expire no
 * earlier than their session (their stamp is renewed once the session's passes it).
 */
export declare class FirestoreSessionStore implements SweepableSessionStore {
    private readonly db;
    private readonly sessions;
    private readonly history;
    private readonly limits;
    private readonly onOperation;
    private readonly callTimeoutMs;
    /** Stops beside each session (`<session>/control/stop`), heard by the running turn. */
    readonly stops: FirestoreTurnStops;
    /** Messages queued behind a running turn (`<session>/control/queue`), read by `watch`. */
    readonly queue: FirestoreTurnQueue;
    constructor(options: FirestoreSessionStoreOptions);
    /** The document of session `id` (for security rules tests and the cleanup job). */
    sessionRef(id: string): DocumentRef;
    private chunkRef;
    load(id: string): Promise<SessionRecord | undefined>;
    private loadOnce;
    /** The session a document holds, with its history chunks; 'moved' when a chunk is newer than it. */
    private recordOf;
    create(created: Session): Promise<SessionRecord>;
    /**
     * Stores many new sessions in batched writes (an import, a benchmark's or a test's fixtures):
     * `already-exists` if one is taken (the sessions of earlier batches stay).
     */
    createMany(sessions: readonly Session[]): Promise<void>;
    write(expected: SessionRecord, written: Session, options?: SessionWriteOptions): Promise<SessionRecord>;
    delete(id: string, options?: SessionDeleteOptions): Promise<void>;
    /**
     * Without the SDK's recursive delete (the REST client): the session and the chunks its stored
     * copy names, read first and deleted if unchanged. Stop and queue documents go with their TTL.
     */
    private deleteAsStored;
    /** One page of the sessions `query` names, oldest first (for the cleanup job). */
    scan(query: SessionScan): Promise<ScannedSession[]>;
    /** The SDK's client, for what the REST client can't do (queries, recursive deletes). */
    private sdk;
    private docFields;
    private addChunks;
    /** Moves the `expireAt` of the chunks this write keeps; how many. */
    private renewChunks;
    private commit;
    private run;
    /** `call`, or `unavailable` once it has taken longer than the store's call timeout. */
    private bounded;
}
