import { onCallFlow } from '@callable-flows/kit/callable/index.js';
import { callableRequest } from '@callable-flows/kit/callable/test-utils/callable-request.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoFirestore } from '../test-utils/demo-firestore.js';

// The deployed assistant must never make firebase-admin's client for a turn shorter than a
// second (its listeners attach after one): a call to it fails the turn here.
const admin = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../admin-firestore.js', () => ({
  adminFirestore: async () => {
    admin.calls++;
    throw new Error('firebase-admin made for a turn');
  },
}));

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: deployed orderAssistant tests — no Firestore emulator ***\n');

const saved = { ...process.env };
let close = async () => {};

describe.skipIf(!host)('the deployed orderAssistant', () => {
  beforeAll(async () => {
    let projectId: string;
    ({ projectId, close } = await demoFirestore());
    // As a cold instance on the emulator sees it: the turns' client is the REST one.
    process.env.GCLOUD_PROJECT = projectId;
    delete process.env.GEMINI_API_KEY;
    delete process.env.TURNS_FIRESTORE_CLIENT;
  });
  afterAll(async () => {
    process.env = { ...saved };
    await close();
  });

  it("reads an order and cancels one through the turns' client, never making firebase-admin's", async () => {
    const { orderAssistant } = await import('./order-assistant.js');
    const fn = onCallFlow({}, orderAssistant);
    const alice = { uid: 'uid-alice' };
    const where = await fn.run(callableRequest({ message: 'Where is my order A-1002?' }, alice));
    expect(where).toMatchObject({
      status: 'done',
      text: 'Order A-1002 (Milk jug) is shipped; estimated delivery 2026-12-01.',
    });
    const asked = await fn.run(callableRequest({ sessionId: where.sessionId, message: 'cancel A-1001' }, alice));
    if (asked.status !== 'interrupted') throw new Error(`not asked to confirm: ${JSON.stringify(asked)}`);
    const ref = asked.interrupts[0]?.ref as string;
    const restart = { restart: [{ ref, name: 'cancelOrder' }] };
    const done = await fn.run(callableRequest({ sessionId: where.sessionId, resume: restart }, alice));
    expect(done).toMatchObject({ status: 'done', text: 'Order A-1001 has been cancelled.' });
    expect(admin.calls).toBe(0);
  });
});
