export { FirestoreUsageCounters } from './firestore-usage-counters.js';
export { InMemoryUsageCounters } from './memory-usage-counters.js';
export type { UsageCounterStore } from './usage-counters.js';
export type { UsageLimits } from './usage-limits.js';
