import { MemoryTurnQueue } from './memory-turn-queue.js';
import { MemoryTurnStops } from './memory-turn-stops.js';
import type { Session } from './session-schema.js';
import { type SessionDeleteOptions, type SessionRecord, type SessionStore, type SessionWriteOptions } from './session-store.js';
/**
 * A session store in this process's memory: for tests, the scripted demo and single-instance
 * tools. Data is kept as JSON and parsed on every load, as a remote store would, so no caller
 * ever shares an object with the store.
 */
export declare class InMemorySessionStore implements SessionStore {
    readonly stops: MemoryTurnStops;
    readonly queue: MemoryTurnQueue;
    private readonly sessions;
    private writes;
    load(id: string): Promise<SessionRecord | undefined>;
    create(session: Session): Promise<SessionRecord>;
    write(expected: SessionRecord, next: Session, options?: SessionWriteOptions): Promise<SessionRecord>;
    delete(id: string, options?: SessionDeleteOptions): Promise<void>;
    private put;
}
