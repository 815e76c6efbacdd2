import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firebaseInitProject } from '@callable-flows/kit/test-utils/firebase-init-project.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanCopy, packPackages, run } from '../packages/published-packages.js';
import { type FunctionsEmulator, startFunctionsEmulator } from './test-utils/functions-emulator.js';

// A Firebase developer's own project adopting the kit, as docs/guide.md's "Use it in your own
// project" walks it: firebase-tools' own TypeScript functions template (from the installed
// firebase-tools), the packages packed from a clean clone, installed with the guide's command,
// `npx @callable-flows/kit init`, `npm install`, the project's own `npm test` (its template's tsc,
// then the starter's test), and a second agent written here. Served by the functions emulator,
// driven with the Firebase JS SDK. Nothing of this repository's functions/ is loaded.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: adoption test — no Firestore emulator ***\n');
const projectId = `demo-adopt-${randomUUID().slice(0, 8)}`;

/** The second agent, the adopter's own: a refund asked first, its model naming every call 'r1'. */
const REFUNDS_TS = `import { defineAgent, defineTool, FirestoreSessionStore, type GenerateRequest, onCallFlow, scriptedModel } from '@callable-flows/kit';
import { getFirestore } from 'firebase-admin/firestore';
import { z } from 'zod';

const refund = defineTool(
  {
    name: 'refund',
    description: 'Refunds an order; a person approves first.',
    inputSchema: z.object({ orderId: z.string() }),
    outputSchema: z.object({ refunded: z.boolean() }),
    sideEffects: 'idempotent',
  },
  async ({ orderId }, ctx) => {
    if (!ctx.resumed) ctx.interrupt({ question: \`Refund \${orderId}?\` });
    await getFirestore().collection('refunds').doc(ctx.callId).create({ orderId, sessionId: ctx.sessionId, ref: ctx.ref });
    return { refunded: true };
  },
);

const model = scriptedModel((request: GenerateRequest) =>
  request.messages.at(-1)?.role === 'tool'
    ? 'The refund is done.'
    : { message: { role: 'model', content: [{ toolRequest: { name: 'refund', ref: 'r1', input: { orderId: 'A-1' } } }] }, finishReason: 'stop' },
);

export const refunds = onCallFlow(
  { region: 'us-central1' },
  defineAgent({ name: 'refunds', model, tools: [refund], store: new FirestoreSessionStore({ firestore: getFirestore() }) }),
);
`;

interface Reply {
  sessionId: string;
  status: string;
  text?: string;
  interrupts?: { ref: string; name: string; metadata: unknown }[];
}

/** The documents of a collection, read over the emulator's REST API as the owner. */
async function documents(
  collection: string,
): Promise<{ name: string; fields: Record<string, { stringValue?: string }> }[]> {
  const url = `http://${host}/v1/projects/${projectId}/databases/(default)/documents/${collection}`;
  const response = await fetch(url, { headers: { authorization: 'Bearer owner' } });
  return ((await response.json()) as { documents?: [] }).documents ?? [];
}

describe.skipIf(!host)('a project made by firebase init adopts the kit as the guide says', () => {
  let root = '';
  let functions = '';
  let emulator: FunctionsEmulator | undefined;
  const apps: FirebaseApp[] = [];

  async function signedIn(email: string) {
    const app = initializeApp({ projectId, apiKey: 'demo-api-key' }, `${email}-${projectId}`);
    apps.push(app);
    const auth = getAuth(app);
    connectAuthEmulator(auth, `http://127.0.0.1:${emulator?.authPort}`, { disableWarnings: true });
    await createUserWithEmailAndPassword(auth, email, 'adopter-password');
    const fns = getFunctions(app, 'us-central1');
    connectFunctionsEmulator(fns, '127.0.0.1', emulator?.functionsPort as number);
    return (name: string) => async (data: unknown) => (await httpsCallable<unknown, Reply>(fns, name)(data)).data;
  }

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'callable-flows-adopter-'));
    functions = firebaseInitProject(root);
    const packed = packPackages(cleanCopy(join(root, 'clone')), root);
    const tarball = (name: string) => join(root, packed.find((p) => p.name === name)?.filename ?? name);
    const npm = (...args: string[]) => run('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline'], functions);
    npm('install', tarball('@callable-flows/kit'), tarball('@callable-flows/protocol'));
    run('npx', ['@callable-flows/kit', 'init'], functions);
    npm('install');
    const started = performance.now();
    const tested = run('npm', ['test'], functions);
    // The starter's figure for docs/benchmarks.md: its project's build and test, once installed.
    console.log(`starter: npm test (tsc + node --test) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    expect(tested).toMatch(/# pass 2\n# fail 0/);
    writeFileSync(join(functions, 'src/refunds.ts'), REFUNDS_TS);
    appendFileSync(join(functions, 'src/index.ts'), "export { refunds } from './refunds.js';\n");
    run('npm', ['run', 'build'], functions);
    emulator = await startFunctionsEmulator({
      projectId,
      firestoreHost: host as string,
      source: functions,
      importData: false,
    });
  }, 900_000);

  afterAll(async () => {
    for (const app of apps) await deleteApp(app);
    await emulator?.stop();
    // KEEP_ADOPTER=1 keeps the project, to look into a failure.
    if (root && process.env.KEEP_ADOPTER !== '1') rmSync(root, { recursive: true, force: true });
  });

  it('the starter run again changes nothing', () => {
    expect(run('npx', ['@callable-flows/kit', 'init'], functions)).toContain('nothing to change');
  });

  it('asks before booking; after a cold start a second user is refused, the owner approves, and a retry books nothing more', async () => {
    const ann = (await signedIn('ann@example.com'))('meetingRooms');
    const bob = (await signedIn('bob@example.com'))('meetingRooms');
    const asked = await ann({ message: 'A room for Monday, please', requestId: randomUUID() });
    expect(asked.status).toBe('interrupted');
    const [interrupt] = asked.interrupts ?? [];
    expect(interrupt).toEqual(
      expect.objectContaining({ name: 'bookRoom', metadata: { question: 'Book Ada for Monday?' } }),
    );

    // A cold start: the emulators stopped and started again, the next call served by a new
    // instance. (Killing an instance alone races the emulator's pool, which may hand the next
    // call to the dead worker and answer it `internal`.)
    await emulator?.stop();
    await emulator?.start();

    const resume = { restart: [{ ref: interrupt?.ref, name: 'bookRoom' }] };
    await expect(bob({ sessionId: asked.sessionId, resume, requestId: randomUUID() })).rejects.toMatchObject({
      code: 'functions/permission-denied',
    });
    expect(await documents('bookings')).toEqual([]);

    const approval = { sessionId: asked.sessionId, resume, requestId: randomUUID() };
    const done = await ann(approval);
    expect(done).toEqual(expect.objectContaining({ status: 'done', text: 'Booked Ada for Monday.' }));
    // The same answer again with the same requestId is a retry: the first result, nothing run again.
    expect(await ann(approval)).toEqual(done);
    const bookings = await documents('bookings');
    expect(bookings.map((b) => b.fields.room?.stringValue)).toEqual(['Ada']);
  }, 180_000);

  it('books nothing when the person declines', async () => {
    const ann = (await signedIn('ann2@example.com'))('meetingRooms');
    const before = (await documents('bookings')).length;
    const asked = await ann({ message: 'A room for Monday, please', requestId: randomUUID() });
    const decline = [{ ref: asked.interrupts?.[0]?.ref, name: 'bookRoom', reason: 'not needed' }];
    const done = await ann({ sessionId: asked.sessionId, resume: { decline }, requestId: randomUUID() });
    expect(done).toEqual(expect.objectContaining({ status: 'done', text: 'Nothing was booked.' }));
    expect((await documents('bookings')).length).toBe(before);
  }, 120_000);

  it("keys each refund on the kit's call id: two sessions whose model named its call alike refund twice", async () => {
    const carol = (await signedIn('carol@example.com'))('refunds');
    const sessions: string[] = [];
    for (const message of ['Refund A-1', 'Refund A-1 again']) {
      const asked = await carol({ message, requestId: randomUUID() });
      expect(asked.interrupts?.[0]?.ref).toBe('r1');
      const resume = { restart: [{ ref: 'r1', name: 'refund' }] };
      const done = await carol({ sessionId: asked.sessionId, resume, requestId: randomUUID() });
      expect(done.status).toBe('done');
      sessions.push(asked.sessionId);
    }
    const refunds = await documents('refunds');
    expect(refunds.map((r) => r.fields.sessionId?.stringValue).sort()).toEqual([...sessions].sort());
    expect(refunds.map((r) => r.fields.ref?.stringValue)).toEqual(['r1', 'r1']);
  }, 120_000);
});
