export { FirestoreUsageCounters, type FirestoreUsageCountersOptions } from './firestore-usage-counters.js';
export { InMemoryUsageCounters } from './memory-usage-counters.js';
export { dayOf, minuteOf, msToNextDay, msToNextMinute, type UsageCounterStore, type UsageCounts, type UsageDelta, zeroUsage, } from './usage-counters.js';
export { type CallPermit, UsageLimiter } from './usage-limiter.js';
export { DEFAULT_LIMITS_REFRESH_MS, DEFAULT_LIMITS_REREAD_AT, type UsageLimits } from './usage-limits.js';
