import type { Session } from '../session-schema.js';
import type { SessionRecord, SessionStore, SessionWriteOptions } from '../session-store.js';
/** Where a fault strikes: the `at`-th create or write (1-based), before it reaches the store or after it did. */
export interface Fault {
    at: number;
    when: 'before' | 'after';
    /** `crash`: the process is dead from then on (every later call fails); `transient`: only that call fails. */
    mode: 'crash' | 'transient';
    /** Count only the writes that give a lease up (a turn's last write, or its release after a failure). */
    on?: 'release';
    /** A transient fault strikes this many counted mutations in a row. Default 1. */
    times?: number;
}
/** One mutation the store saw. */
export interface Mutation {
    kind: 'create' | 'write';
    status: Session['status'];
    /** Calls of the open round (the last message) whose results the write journals. */
    recorded: number;
    /** The write gives the lease up. */
    releases: boolean;
}
/** How many calls of the open round `session` stores have a recorded result. */
export declare function recordedOf(session: Session): number;
/** A store wrapper that fails at a chosen step, standing in for a crash or a Firestore outage. */
export declare class FlakyStore implements SessionStore {
    readonly mutations: Mutation[];
    private dead;
    private releases;
    private hits;
    private readonly inner;
    private readonly fault;
    constructor(inner: SessionStore, fault?: Fault);
    /** The process dies now (mid-step, between writes): every later call fails. */
    kill(): void;
    /** True once a fault has struck. */
    get struck(): boolean;
    load(id: string): Promise<SessionRecord | undefined>;
    create(session: Session): Promise<SessionRecord>;
    write(expected: SessionRecord, next: Session, options?: SessionWriteOptions): Promise<SessionRecord>;
    delete(id: string): Promise<void>;
    /** True when `fault` strikes the mutation just counted. */
    private strikes;
    private check;
    private mutate;
}
