import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type CallResult, CallResultSchema, type WireChunk } from '@callable-flows/kit/callable/index.js';
import { type FakeGemini, geminiText, startFakeGemini } from '@callable-flows/kit/test-utils/fake-gemini/index.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { deleteApp, type FirebaseApp } from 'firebase/app';
import { type HttpsCallable, httpsCallable } from 'firebase/functions';
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp } from 'firebase-admin/app';
import { type Firestore, getFirestore as getAdminFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextOrderMove } from '../flows/index.js';
import { demoData, seedDemoData } from '../flows/test-utils/demo-firestore.js';
import { type FunctionsEmulator, REPO_ROOT, startFunctionsEmulator } from './test-utils/functions-emulator.js';
import { playOnGemini } from './test-utils/gemini-play.js';
import { signedInFunctions } from './test-utils/signed-in-functions.js';

// End to end: the Firebase JS SDK → the functions emulator (serving functions/lib, the deploy
// manifest) → Gemini's REST API on a fake server (GOOGLE_GEMINI_BASE_URL) and the Firestore
// emulator. The functions emulator is stopped and started again in the middle: a cold start.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: end-to-end tests — no Firestore emulator ***\n');
const BUILT = join(REPO_ROOT, 'functions/dist/index.js');

const projectId = `demo-e2e-${randomUUID().slice(0, 8)}`;
const users = demoData().users;
let emulator: FunctionsEmulator | undefined;
let gemini: FakeGemini;
let admin: Firestore;
let closeAdmin = async () => {};
const apps: FirebaseApp[] = [];

type Assistant = HttpsCallable<unknown, CallResult, WireChunk>;
const SUMMARY = { title: 'Warehouse move', bullets: ['The shop moved on 3 March.'] };

let summarize: HttpsCallable<unknown, unknown>;

async function signedInAssistant(name: 'alice' | 'bob'): Promise<Assistant> {
  const user = users[name] as { email: string; password: string };
  const { app, functions } = await signedInFunctions({ projectId, emulator, user, appName: `${name}-${projectId}` });
  apps.push(app);
  summarize = httpsCallable(functions, 'summarize');
  return httpsCallable<unknown, CallResult, WireChunk>(functions, 'orderAssistant');
}

async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected the call to be refused');
}

describe.skipIf(!host)('the deployed functions (end to end)', () => {
  let alice: Assistant;
  let bob: Assistant;
  let asked: CallResult;
  const firstMessage = { message: 'Hi, please cancel my order A-1001.', requestId: 'e2e-ask-1' };

  beforeAll(async () => {
    if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: build first (npm run build -w functions)`);
    const adminApp = initializeAdminApp({ projectId }, `admin-${projectId}`);
    admin = getAdminFirestore(adminApp);
    closeAdmin = () => deleteAdminApp(adminApp);
    await seedDemoData(admin);
    gemini = await startFakeGemini();
    const orderPlay = playOnGemini(nextOrderMove, { slowWhen: /take your time/i, slowMs: 4000 });
    gemini.answerWith((request) =>
      JSON.stringify(request.body.systemInstruction ?? '').includes('You summarize')
        ? { response: geminiText(JSON.stringify(SUMMARY)) }
        : typeof orderPlay === 'function'
          ? orderPlay(request)
          : orderPlay,
    );
    emulator = await startFunctionsEmulator({
      projectId,
      firestoreHost: host as string,
      env: { GEMINI_API_KEY: 'e2e-fake-key', GOOGLE_GEMINI_BASE_URL: gemini.url },
    });
    [alice, bob] = [await signedInAssistant('alice'), await signedInAssistant('bob')];
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => deleteApp(app)));
    await emulator?.stop();
    await gemini?.close();
    await closeAdmin();
  });

  describe('orderAssistant', () => {
    it('streams text, tool and interrupt chunks and stops at the interrupt when asked to cancel', async () => {
      const { stream, data } = await alice.stream(firstMessage);
      const chunks: WireChunk[] = [];
      for await (const chunk of stream) chunks.push(chunk);
      asked = CallResultSchema.parse(await data) as CallResult;
      const types = new Set(chunks.map((c) => c.type));
      // queryOrder keeps the order it looked up in the agent's state: the change streams as a JSON Patch.
      expect(types).toEqual(new Set(['text', 'toolRequest', 'toolResponse', 'state', 'interrupt']));
      expect(chunks.at(-1)).toMatchObject({ type: 'interrupt', name: 'cancelOrder', input: { orderId: 'A-1001' } });
      expect(asked).toMatchObject({ status: 'interrupted', finishReason: 'interrupted' });
      expect(asked.interrupts).toEqual([expect.objectContaining({ name: 'cancelOrder', ref: expect.any(String) })]);
      expect((await admin.doc('orders/A-1001').get()).get('status')).toBe('processing');
      expect(gemini.requests.every((r) => r.headers['x-goog-api-key'] === 'e2e-fake-key')).toBe(true);
    });

    it('returns the first result without a second model call when the requestId is retried', async () => {
      const modelCalls = gemini.requests.length;
      const { data: retried } = await alice(firstMessage);
      expect(retried).toEqual(asked);
      expect(gemini.requests).toHaveLength(modelCalls);
    });

    it("refuses another user's resume of the session with permission-denied", async () => {
      const resume = {
        sessionId: asked.sessionId,
        resume: { restart: [{ ref: asked.interrupts[0]?.ref, name: 'cancelOrder' }] },
      };
      const error = await refusal(bob(resume));
      expect(error.code).toBe('functions/permission-denied');
      expect(error.message).not.toContain('alice');
    });

    it('refuses a malformed payload with invalid-argument naming the field', async () => {
      const error = await refusal(alice({ sessionId: 42, message: 'hi' }));
      expect(error.code).toBe('functions/invalid-argument');
      expect(error.message).toContain('sessionId');
    });

    it('finishes the turn after a cold start and cancels the order with exactly one event', {
      timeout: 240_000,
    }, async () => {
      await emulator?.stop();
      await emulator?.start();
      const resume = {
        sessionId: asked.sessionId,
        resume: { restart: [{ ref: asked.interrupts[0]?.ref, name: 'cancelOrder' }] },
      };
      const { data: done } = await alice(resume);
      expect(done).toMatchObject({
        sessionId: asked.sessionId,
        status: 'done',
        text: 'Order A-1001 has been cancelled.',
      });
      expect((await admin.doc('orders/A-1001').get()).get('status')).toBe('cancelled');
      expect((await admin.collection('orders/A-1001/events').get()).size).toBe(1);
    });

    it('queues a second message on the session while a turn runs, and answers it on the server after', async () => {
      const before = gemini.requests.length;
      const slow = alice({ sessionId: asked.sessionId, message: 'Where is order A-1002? Take your time.' });
      // The first call holds the session once its model call has reached the (slow) model.
      const reached = () =>
        gemini.requests.slice(before).some((r) => JSON.stringify(r.body).includes('Take your time'));
      for (let waited = 0; !reached() && waited < 30_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      const second = { sessionId: asked.sessionId, message: 'And order A-1003?', requestId: 'e2e-queued-1' };
      // The order assistant queues (whileBusy: 'queue'): the wire answer says where the message waits.
      await expect(alice(second)).resolves.toEqual({
        data: { sessionId: asked.sessionId, status: 'queued', requestId: 'e2e-queued-1', position: 1 },
      });
      await expect(slow).resolves.toMatchObject({ data: { status: 'done', text: expect.stringContaining('A-1002') } });
      // The same call again: `queued` while it waits, `SESSION_BUSY` while its own turn runs (a
      // retry of a running call), then the answer its turn stored.
      const again = async (): Promise<{ status: string; text?: string }> => {
        try {
          return (await alice(second)).data as unknown as { status: string; text?: string };
        } catch (error) {
          const { details } = error as { details?: { reason?: string } };
          if (details?.reason !== 'SESSION_BUSY') throw error;
          return { status: 'running' };
        }
      };
      let answer = await again();
      for (let waited = 0; answer.status !== 'done' && waited < 30_000; waited += 100) {
        expect(['queued', 'running']).toContain(answer.status);
        await new Promise((r) => setTimeout(r, 100));
        answer = await again();
      }
      expect(answer).toMatchObject({ status: 'done', text: expect.stringContaining('A-1003') });
    });
  });

  describe('summarize', () => {
    it('serves a stateless flow the same way: structured output in, invalid input refused', async () => {
      const text = 'The shop moved to a new warehouse on 3 March. Deliveries now take two days.';
      await expect(summarize({ text, maxBullets: 1 })).resolves.toEqual({ data: SUMMARY });
      const request = gemini.requests.at(-1)?.body as { generationConfig?: Record<string, unknown> };
      expect(request.generationConfig).toMatchObject({ responseMimeType: 'application/json' });
      expect((await refusal(summarize({ text: '' }))).code).toBe('functions/invalid-argument');
    });
  });
});
