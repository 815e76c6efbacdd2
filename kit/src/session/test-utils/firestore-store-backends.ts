import type { Firestore } from '@google-cloud/firestore';
import { afterAll } from 'vitest';
import { RestFirestore } from '../../firestore/index.js';
import { FirestoreSessionStore, type StoreOperation } from '../firestore/index.js';
import { emulatorFirestore } from './emulator-firestore.js';

/** A store factory of a conformance suite: each `open()` another instance's store. */
export interface StoreBackend {
  open: () => FirestoreSessionStore;
}

/**
 * The Firestore backends a store suite runs on, against the emulator: over the SDK, and over
 * `RestFirestore` (a cold instance's client; its listeners on an SDK client, as deployed). Each
 * backend made is its own tenant (`<tenant><n>_` before every collection) and each `open()` a new
 * client, as another instance would have; every client is terminated after the file's tests.
 */
export function firestoreStoreBackends(
  host: string,
  projectId: string,
  tenant: string,
): {
  client: () => Firestore;
  sdk: (ops?: StoreOperation[]) => StoreBackend;
  rest: (ops?: StoreOperation[]) => StoreBackend;
} {
  const clients: Firestore[] = [];
  let tenants = 0;
  const client = (): Firestore => {
    const firestore = emulatorFirestore(host, projectId);
    clients.push(firestore);
    return firestore;
  };
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.terminate()));
  });
  return {
    client,
    sdk: (ops) => {
      const prefix = `${tenant}${tenants++}_`;
      const onOperation = ops ? { onOperation: (op: StoreOperation) => ops.push(op) } : {};
      return { open: () => new FirestoreSessionStore({ firestore: client(), prefix, ...onOperation }) };
    },
    rest: (ops) => {
      const prefix = `${tenant}${tenants++}_`;
      const onOperation = ops ? { onOperation: (op: StoreOperation) => ops.push(op) } : {};
      const firestore = () => new RestFirestore({ projectId, listenWith: async () => client(), listenAfterMs: 0 });
      return { open: () => new FirestoreSessionStore({ firestore: firestore(), prefix, ...onOperation }) };
    },
  };
}
