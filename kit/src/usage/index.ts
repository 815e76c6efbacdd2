export {
  DEFAULT_USAGE_COLLECTION,
  FirestoreUsageCounters,
  type FirestoreUsageCountersOptions,
  firestoreUsageLedger,
  usageCounterFields,
  usageCounterRef,
} from './firestore-usage-counters.js';
export { InMemoryUsageCounters } from './memory-usage-counters.js';
export { chargeOf, tokensOf, type UsageCharge } from './usage-charge.js';
export { listenToUsageCharges, tellUsageCharged, type UsageChargeListener } from './usage-charges.js';
export {
  DAY_MS,
  dayOf,
  minuteOf,
  msToNextDay,
  msToNextMinute,
  type UsageCounterStore,
  type UsageCounts,
  type UsageDelta,
  zeroUsage,
} from './usage-counters.js';
