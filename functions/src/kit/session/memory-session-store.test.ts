import { InMemorySessionStore } from './memory-session-store.js';
import { describeSessionStoreConformance } from './test-utils/session-store-conformance.js';

describeSessionStoreConformance('InMemorySessionStore', () => {
  const store = new InMemorySessionStore();
  return { open: () => store };
});
