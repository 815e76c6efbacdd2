/** No usage yet. */
export function zeroUsage() {
    return { tokens: 0, calls: {}, sessions: {} };
}
const MINUTE_MS = 60_000;
/** A day in milliseconds. */
export const DAY_MS = 24 * 60 * MINUTE_MS;
/** The UTC day of `now` (epoch ms) as `YYYY-MM-DD`. */
export function dayOf(now) {
    return new Date(now).toISOString().slice(0, 10);
}
/** The minute of the UTC day of `now`, 0…1439. */
export function minuteOf(now) {
    return Math.floor((now % DAY_MS) / MINUTE_MS);
}
/** Milliseconds from `now` to the next minute. */
export function msToNextMinute(now) {
    return MINUTE_MS - (now % MINUTE_MS);
}
/** Milliseconds from `now` to the next UTC midnight. */
export function msToNextDay(now) {
    return DAY_MS - (now % DAY_MS);
}
//# sourceMappingURL=usage-counters.js.map