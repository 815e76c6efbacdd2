export { FirestoreUsageCounters } from './firestore-usage-counters.js';
export { InMemoryUsageCounters } from './memory-usage-counters.js';
export { dayOf, minuteOf, msToNextDay, msToNextMinute, zeroUsage, } from './usage-counters.js';
export { UsageLimiter } from './usage-limiter.js';
export { DEFAULT_LIMITS_REFRESH_MS, DEFAULT_LIMITS_REREAD_AT } from './usage-limits.js';
//# sourceMappingURL=index.js.map