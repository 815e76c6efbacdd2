import { afterAll, describe, expect, it } from 'vitest';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { emulatorEndpoint } from './emulator-endpoint.js';
import { RestFirestore } from './rest-firestore.js';

const host = firestoreEmulatorHost();
const projectId = demoProjectId('emulator-endpoint');
const sdk = host ? emulatorFirestore(host, projectId) : undefined;
const rest = host ? new RestFirestore({ projectId, endpoint: emulatorEndpoint(host) }) : undefined;
afterAll(async () => {
  await Promise.all([sdk?.terminate(), rest?.close()]);
});

describe.skipIf(!host)('emulatorEndpoint', () => {
  it('reaches the emulator with the SDK’s owner token: what it writes, the SDK reads', async () => {
    const endpoint = emulatorEndpoint(host as string);
    expect(endpoint.origin).toBe(`http://${host}`);
    await rest?.doc('emulator-endpoint/one').set({ n: 1 });
    expect((await sdk?.doc('emulator-endpoint/one').get())?.data()).toEqual({ n: 1 });
  });
});
