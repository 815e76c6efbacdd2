import { type UsageLimits } from './usage-limits.js';
/** A call the limiter let through: {@link CallPermit.settle} counts it once it is over. */
export interface CallPermit {
    /** Counts the call and its tokens (one write); false when the write failed (the call is counted locally). */
    settle(outcome: {
        sessionId?: string | undefined;
        tokens: number;
    }): Promise<boolean>;
}
/**
 * Admits or refuses calls by the per-user limits of {@link UsageLimits}. The counters are
 * exact in the store (atomic increments); an instance decides from its own copy of a user's day
 * (read once, then kept up to date with its own calls), so a warm call costs one write and no
 * read. The copy is read again when it is older than `refreshMs` or when it says a limit is
 * `rereadAt` full: calls on other instances are seen then, so near a limit the decision is
 * made on fresh counts.
 */
export declare class UsageLimiter {
    private readonly limits;
    private readonly users;
    constructor(limits: UsageLimits);
    /** Lets the call of `uid` (on `sessionId`, when it names one) through, or refuses it. */
    admit(uid: string, sessionId?: string): Promise<CallPermit>;
    private read;
    /** True when the copy is too old, or says a limit is nearly reached (and is a second old: a caller hammering at a limit costs no read per refusal). */
    private stale;
    private check;
}
