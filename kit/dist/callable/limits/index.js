export { FirestoreUsageCounters } from './firestore-usage-counters.js';
export { InMemoryUsageCounters } from './memory-usage-counters.js';
//# sourceMappingURL=index.js.map