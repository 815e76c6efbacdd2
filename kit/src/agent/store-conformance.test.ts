import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, it } from 'vitest';
import { RestFirestore } from '../firestore/index.js';
import { FirestoreSessionStore } from '../session/firestore/index.js';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { describeAgentStoreConformance } from './test-utils/agent-store-conformance.js';

describeAgentStoreConformance('InMemorySessionStore', () => {
  const store = new InMemorySessionStore();
  return { open: () => store };
});

const host = firestoreEmulatorHost();
const projectId = demoProjectId('sessions');
const clients: Firestore[] = [];
let tenants = 0;

function client(): Firestore {
  const firestore = emulatorFirestore(host as string, projectId);
  clients.push(firestore);
  return firestore;
}

afterAll(async () => {
  await Promise.all(clients.map((c) => c.terminate()));
});

if (!host) {
  console.warn('\n*** SKIPPED: FirestoreSessionStore under defineAgent — no Firestore emulator ***\n');
  describe.skip('FirestoreSessionStore under defineAgent', () => {
    it('needs the Firestore emulator', () => undefined);
  });
} else {
  describeAgentStoreConformance('FirestoreSessionStore', () => {
    // Each test its own tenant prefix; each `open()` a new client, as another instance would have.
    const prefix = `agent${tenants++}_`;
    return { open: () => new FirestoreSessionStore({ firestore: client(), prefix }) };
  });

  describeAgentStoreConformance('FirestoreSessionStore over RestFirestore', () => {
    // The REST client of a cold instance; its listeners run on an SDK client, as deployed.
    const prefix = `agent${tenants++}_`;
    return {
      open: () =>
        new FirestoreSessionStore({
          firestore: new RestFirestore({ projectId, listenWith: async () => client(), listenAfterMs: 0 }),
          prefix,
        }),
    };
  });
}
