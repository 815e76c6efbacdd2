/** gax's: anywhere between nothing and the base delay. */
export const fullJitter = (baseMs) => Math.random() * baseMs;
/** The SDK's `ExponentialBackoff` (transactions): between half and one and a half times the base delay. */
export const halfJitter = (baseMs) => baseMs * (0.5 + Math.random());
/** The waits of one call's (or one transaction's) attempts, each longer than the last. */
export class Backoff {
    baseMs;
    settings;
    jitter;
    constructor(settings, jitter) {
        this.settings = settings;
        this.jitter = jitter;
        this.baseMs = settings.initialMs;
    }
    /** The wait before the next attempt; the one after it is longer. */
    next() {
        const ms = this.jitter(this.baseMs);
        this.baseMs = Math.min(this.baseMs * this.settings.multiplier, this.settings.maxMs);
        return ms;
    }
    /** The next wait is the longest (after RESOURCE_EXHAUSTED, as the SDK's transactions). */
    toMax() {
        this.baseMs = this.settings.maxMs;
    }
}
/** Resolves after `ms`. */
export function sleep(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
}
//# sourceMappingURL=backoff.js.map