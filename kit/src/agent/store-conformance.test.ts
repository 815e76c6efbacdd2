import { describe, it } from 'vitest';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import { demoProjectId } from '../session/test-utils/emulator-firestore.js';
import { firestoreStoreBackends } from '../session/test-utils/firestore-store-backends.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { describeAgentStoreConformance } from './test-utils/agent-store-conformance.js';

describeAgentStoreConformance('InMemorySessionStore', () => {
  const store = new InMemorySessionStore();
  return { open: () => store };
});

const host = firestoreEmulatorHost();
const projectId = demoProjectId('sessions');
if (!host) {
  console.warn('\n*** SKIPPED: FirestoreSessionStore under defineAgent — no Firestore emulator ***\n');
  describe.skip('FirestoreSessionStore under defineAgent', () => {
    it('needs the Firestore emulator', () => undefined);
  });
} else {
  const backends = firestoreStoreBackends(host, projectId, 'agent');
  describeAgentStoreConformance('FirestoreSessionStore', backends.sdk);
  describeAgentStoreConformance('FirestoreSessionStore over RestFirestore', backends.rest);
}
