import type { Message } from '../model/index.js';
import { type Session } from '../session/index.js';
/** Milliseconds in an hour and in a day. */
export declare const HOUR = 3600000;
export declare const DAY: number;
/** A session as an agent leaves it, last updated at `updatedAt`. */
export declare function sessionAt(id: string, updatedAt: number, history: Message[], status: Session['status']): Session;
/**
 * The history of a turn that waits for a person: `transfer` interrupted, `balance` finished
 * with its output kept pending (as the generate loop stamps them).
 */
export declare function waitingHistory(n: number): Message[];
/** A finished conversation of `turns` question-and-answer turns. */
export declare function idleHistory(turns: number): Message[];
/** An interrupted session that waits for a person (its status and pending calls agree with its history). */
export declare function waitingSession(id: string, updatedAt: number, n?: number): Session;
/** How many stale sessions of each kind {@link staleSessions} makes. */
export interface StaleMix {
    /** Interrupted sessions past the interrupt TTL (2 days old): to expire. */
    waiting: number;
    /** Idle sessions past the session TTL (40 days old): to delete. */
    old: number;
    /** Interrupted sessions past the session TTL: to delete, not expire. */
    oldWaiting: number;
    /** Of the old idle sessions, how many have long histories (chunk documents with a small layout). */
    long: number;
}
/** Stale sessions as of `now`, in the mix asked for, with ids `prefix…`. */
export declare function staleSessions(mix: StaleMix, now: number, prefix?: string): Session[];
