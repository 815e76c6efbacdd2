import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { RestFirestore } from '../../firestore/index.js';
import { firestoreEmulatorHost } from '../../test-utils/firestore.js';
import { demoProjectId, emulatorFirestore } from '../test-utils/emulator-firestore.js';
import type { StopRecord } from '../turn-stops.js';
import { FirestoreSessionStore } from './firestore-session-store.js';

const host = firestoreEmulatorHost();
const firestores: Firestore[] = [];
afterAll(async () => Promise.all(firestores.map((f) => f.terminate())));

/** A store on its own Firestore client: another instance. */
function instance(projectId: string): FirestoreSessionStore {
  const firestore = emulatorFirestore(host as string, projectId);
  firestores.push(firestore);
  return new FirestoreSessionStore({ firestore, prefix: 'stop_' });
}

describe.skipIf(!host)('FirestoreTurnStops', () => {
  it('tells the listener of the stopped lease, asked from another instance, and keeps the last stop', async () => {
    const project = demoProjectId('stops');
    const [a, b] = [instance(project), instance(project)];
    const heard = new Promise<StopRecord>((resolve) => {
      const off = a.stops.listen('s1', 'lease-1', (stop) => {
        off();
        resolve(stop);
      });
    });
    await b.stops.ask('s1', { leaseId: 'lease-0', at: 1 }); // another turn's: not heard
    const stop = { leaseId: 'lease-1', at: 2, requestId: 'r1', uid: 'u1', clientId: 'phone' };
    await b.stops.ask('s1', stop);
    await expect(heard).resolves.toEqual(stop);
    await expect(a.stops.last('s1')).resolves.toEqual(stop);
  });

  it('tells the listener on the REST client (listening through the SDK) of its stopped lease', async () => {
    const project = demoProjectId('stops-rest');
    const sdk = emulatorFirestore(host as string, project);
    firestores.push(sdk);
    const rest = new FirestoreSessionStore({
      firestore: new RestFirestore({ projectId: project, listenWith: async () => sdk, listenAfterMs: 0 }),
      prefix: 'stop_',
    });
    const heard = new Promise<StopRecord>((resolve) => {
      const off = rest.stops.listen('s1', 'lease-1', (stop) => {
        off();
        resolve(stop);
      });
    });
    await instance(project).stops.ask('s1', { leaseId: 'lease-1', at: 2 });
    await expect(heard).resolves.toEqual({ leaseId: 'lease-1', at: 2 });
    await expect(rest.stops.last('s1')).resolves.toEqual({ leaseId: 'lease-1', at: 2 });
  });

  it('writes expireAt, a timestamp a day after the stop, for the control collection group’s TTL policy', async () => {
    const project = demoProjectId('stop-ttl');
    const firestore = emulatorFirestore(host as string, project);
    firestores.push(firestore);
    const store = new FirestoreSessionStore({ firestore, prefix: 'stop_' });
    await store.stops.ask('s1', { leaseId: 'lease-1', at: 1_000 });
    const expireAt = (await firestore.doc('stop_sessions/s1/control/stop').get()).get('expireAt');
    expect(expireAt.toMillis()).toBe(1_000 + 24 * 60 * 60_000);
  });
});
