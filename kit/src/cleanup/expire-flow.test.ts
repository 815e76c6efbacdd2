import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAgent } from '../agent/index.js';
import { echoModel, effects, gate, manualClock, transferTool } from '../agent/test-utils/agent-fixtures.js';
import type { GenerateRequest, Message } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { DAY, HOUR } from '../test-utils/stale-sessions.js';
import { defineTool } from '../tools/index.js';
import { notifyOwner } from './notify-owner.js';
import { runCleanup } from './run-cleanup.js';
import { assertWellFormed, type Tenant, tenant } from './test-utils/cleanup-fixtures.js';

const host = firestoreEmulatorHost();
const projectId = demoProjectId('expiry');
let firestore: Firestore | undefined;
let tenants = 0;

function fresh(): Tenant {
  firestore ??= emulatorFirestore(host as string, projectId);
  return tenant(firestore, `x${tenants++}_`);
}

const balance = defineTool({ name: 'balance', description: 'the account balance', inputSchema: z.object({}) }, () => ({
  cents: 5000,
}));

/** A bank model: asks to transfer (and reads the balance) for "send 5", else checks the history and says what it saw. */
function bankModel() {
  return scriptedModel((request: GenerateRequest) => {
    const last = request.messages.at(-1) as Message;
    if (last.role === 'user' && JSON.stringify(last.content).includes('send 5')) {
      return {
        message: {
          role: 'model',
          content: [
            { toolRequest: { name: 'transfer', input: { cents: 500 } } },
            { toolRequest: { name: 'balance', input: {} } },
          ],
        },
        finishReason: 'stop',
      };
    }
    // What a real model would refuse: an unanswered call, a broken turn order.
    assertWellFormed(request.messages);
    const tools = request.messages.filter((m) => m.role === 'tool');
    return `saw ${JSON.stringify(tools.map((m) => m.content))}`;
  });
}

afterAll(async () => {
  await firestore?.terminate();
});

if (!host) console.warn('\n*** SKIPPED: cleanup expiry tests — no Firestore emulator ***\n');

describe.skipIf(!host)('runCleanup (with live agents)', () => {
  it('expires a waiting turn: the resume is refused as expired and the next message reaches the model whole', async () => {
    const t = fresh();
    const clock = manualClock(Date.now() - 3 * DAY);
    const record = effects();
    const bank = defineAgent({
      name: 'bank',
      model: bankModel(),
      tools: [transferTool(record), balance],
      store: t.store,
      clock: clock.now,
    });
    const asked = await bank.send(undefined, { message: 'send 5 euros to Bob' }, { uid: 'alice' });
    expect(asked.status).toBe('interrupted');
    const ref = asked.interrupts[0]?.ref as string;
    clock.advance(25 * HOUR);
    const notifications = `${t.prefix}notifications`;
    const onExpired = notifyOwner({ firestore: firestore as Firestore, collection: notifications, clock: clock.now });
    const report = await runCleanup({ store: t.store, clock: clock.now, onExpired });
    expect(report).toMatchObject({ expired: 1, errors: 0, hookFailures: 0 });

    const resume = { resume: { restart: [{ ref, name: 'transfer' }] } };
    const refused = await bank.send(asked.sessionId, resume, { uid: 'alice' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'failed-precondition', message: expect.stringMatching(/approval expired/) });
    const next = await bank.send(asked.sessionId, { message: 'never mind, what is my balance?' }, { uid: 'alice' });
    expect(next.status).toBe('done');
    expect(next.text).toMatch(/approval expired/);
    expect(next.text).toContain('"cents":5000');
    expect(record.runs).toBe(0);

    const notes = await (firestore as Firestore).collection(notifications).where('ownerUid', '==', 'alice').get();
    expect(notes.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({
        kind: 'approval-expired',
        sessionId: asked.sessionId,
        calls: [{ ref, name: 'transfer' }],
      }),
    ]);
    const note = notes.docs[0]?.data() as { createdAt: { toMillis(): number }; expireAt: { toMillis(): number } };
    expect(note.expireAt.toMillis()).toBeGreaterThan(note.createdAt.toMillis());
  });

  it('never touches a session whose turn holds a live lease, and the turns then finish', async () => {
    const t = fresh();
    const now = Date.now();
    // A turn that began 40 days ago (long model call) and one resumed 2 days ago, both still running.
    const chatEntered = gate();
    const chatHeld = gate();
    const chat = defineAgent({
      name: 'chat',
      model: echoModel({
        before: async () => {
          chatEntered.open();
          await chatHeld.promise;
        },
      }),
      store: t.store,
      clock: () => now - 40 * DAY,
      leaseMs: 60 * DAY,
    });
    const record = effects();
    const bankEntered = gate();
    const bankHeld = gate();
    record.afterEffect = async () => {
      bankEntered.open();
      await bankHeld.promise;
    };
    const bank = defineAgent({
      name: 'bank',
      model: bankModel(),
      tools: [transferTool(record), balance],
      store: t.store,
      clock: () => now - 2 * DAY,
      leaseMs: 10 * DAY,
    });
    const chatting = chat.send(undefined, { message: 'hi' }, { uid: 'carol' });
    const asked = await bank.send(undefined, { message: 'send 5' }, { uid: 'bob' });
    const ref = asked.interrupts[0]?.ref as string;
    const resuming = bank.send(asked.sessionId, { resume: { restart: [{ ref, name: 'transfer' }] } }, { uid: 'bob' });
    await Promise.all([chatEntered.promise, bankEntered.promise]);
    const before = await t.count({ status: 'running' });
    const versions = async (): Promise<number[]> =>
      Promise.all(
        [asked.sessionId, ...(await runningIds(t))].map(async (id) => (await t.store.load(id))!.session.version),
      );
    const held = await versions();

    const reports = [await runCleanup({ store: t.store, clock: () => now }), await runCleanup({ store: t.store })];
    // The chat waits for no one and the approved transfer no longer does: neither is even scanned for expiry.
    for (const report of reports) expect(report).toMatchObject({ expired: 0, deletedSessions: 0 });
    expect(before).toBe(2);
    expect(await versions()).toEqual(held);

    chatHeld.open();
    bankHeld.open();
    await expect(chatting).resolves.toMatchObject({ status: 'done', text: 'echo: hi' });
    await expect(resuming).resolves.toMatchObject({ status: 'done' });
    expect(record.runs).toBe(1);
  });
});

async function runningIds(t: Tenant): Promise<string[]> {
  const snap = await (firestore as Firestore).collection(`${t.prefix}sessions`).where('status', '==', 'running').get();
  return snap.docs.map((d) => d.id);
}
