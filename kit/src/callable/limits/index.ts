export { FirestoreUsageCounters, InMemoryUsageCounters, type UsageCounterStore } from '../../usage/index.js';
export type { UsageLimits } from './usage-limits.js';
