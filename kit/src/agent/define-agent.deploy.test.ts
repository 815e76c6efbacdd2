import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { runCleanup } from '../cleanup/index.js';
import { isKitError } from '../errors/index.js';
import type { Message, Part, ToolResponsePart } from '../model/index.js';
import { FirestoreSessionStore } from '../session/firestore/index.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import type { Tool } from '../tools/index.js';
import { defineAgent } from './define-agent.js';
import {
  deployedTransferTools,
  effects,
  manualClock,
  type TransferDeploy,
  transferOnSend,
  transferTool,
} from './test-utils/agent-fixtures.js';
import type { AgentInput } from './turn/index.js';

// A waiting approval outlives a deploy (issue 32, part 3). An interrupt is asked under version 1
// of `transfer`; then a fresh instance (a new defineAgent, a new store object over the same
// Firestore, as a deploy starts) answers it with the tool as it is deployed now. Each refusal
// is checked on the emulator: nothing written (the session's version and Firestore's update time
// unchanged), nothing run, and the session then takes a new message that closes the call as not run.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: deploys while approvals wait — no Firestore emulator ***\n');
const projectId = demoProjectId('deploys');
let firestore: Firestore | undefined;
let tenants = 0;
afterAll(() => firestore?.terminate());

const DAY = 24 * 60 * 60 * 1000;

/** One bank tenant on the emulator: version 1 deployed first, then whatever `deploy` ships. */
function bank() {
  firestore ??= emulatorFirestore(host as string, projectId);
  const db = firestore;
  const prefix = `d${tenants++}_`;
  const record = effects();
  const clock = manualClock();
  // Each instance has its own store object and model, as a new deploy's instances do.
  const instance = (tools: Tool[]) => {
    const model = transferOnSend(500);
    const store = new FirestoreSessionStore({ firestore: db, prefix });
    const agent = defineAgent({ name: 'bank', model, tools, store, clock: clock.now });
    return {
      model,
      store,
      send: (sessionId: string | undefined, input: AgentInput) => agent.send(sessionId, input, { uid: 'ann' }),
    };
  };
  const v1 = instance([transferTool(record)]);
  const written = async (sessionId: string) => {
    const snap = await db.collection(`${prefix}sessions`).doc(sessionId).get();
    return `${snap.updateTime?.seconds}.${snap.updateTime?.nanoseconds}`;
  };
  const stored = async (sessionId: string) => {
    const loaded = await v1.store.load(sessionId);
    if (!loaded) throw new Error(`session ${sessionId} is gone`);
    return loaded.session;
  };
  return {
    record,
    clock,
    v1,
    deploy: (d: TransferDeploy) => instance(deployedTransferTools(record, d)),
    written,
    stored,
  };
}

/** The transfer asked under version 1: the session waits for its approval. */
async function askedUnderV1(b: ReturnType<typeof bank>) {
  const result = await b.v1.send(undefined, { message: 'send 5 euros' });
  expect(result.status).toBe('interrupted');
  const interrupt = result.interrupts[0];
  if (!interrupt) throw new Error('no interrupt');
  return { sessionId: result.sessionId, ref: interrupt.ref, digest: interrupt.inputDigest as string };
}

const approve = (ref: string, digest?: string) => ({
  resume: { restart: [{ ref, name: 'transfer', ...(digest ? { inputDigest: digest } : {}) }] },
});

async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (isKitError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to be refused');
}

/** The tool responses the model was shown, by ref, in its last request. */
function shownToModel(requests: { messages: Message[] }[]): Map<string, unknown> {
  const shown = new Map<string, unknown>();
  for (const message of requests.at(-1)?.messages ?? []) {
    for (const part of message.content as Part[]) {
      if ('toolResponse' in part)
        shown.set((part as ToolResponsePart).toolResponse.ref ?? '', part.toolResponse.output);
    }
  }
  return shown;
}

describe.skipIf(!host)('a waiting approval across a deploy', () => {
  it('runs the migrated input once when the field was renamed with a migration, and history shows both inputs', async () => {
    const b = bank();
    const { sessionId, ref, digest } = await askedUnderV1(b);
    const v2 = b.deploy('field renamed, migrated');
    // The person was shown version 1's input: its digest still binds the answer.
    const done = await v2.send(sessionId, approve(ref, digest));
    expect(done.status).toBe('done');
    expect(b.record.refs).toEqual([ref]);
    expect(b.record.applied.get(ref)).toEqual({ amountCents: 500 });
    const session = await b.stored(sessionId);
    const call = session.history.flatMap((m) => m.content).find((p) => 'toolRequest' in p && p.toolRequest.ref === ref);
    expect(call).toMatchObject({
      toolRequest: { name: 'transfer', input: { amountCents: 500 } },
      metadata: { answer: 'restart', replacedInput: { cents: 500 } },
    });
    expect(shownToModel(v2.model.requests).get(ref)).toEqual({ done: true, cents: 500 });
    // Its answer is final: the same approval again runs nothing.
    await expect(v2.send(sessionId, approve(ref))).rejects.toMatchObject({ details: { reason: 'ALREADY_ANSWERED' } });
    expect(b.record.refs).toEqual([ref]);
  });

  for (const deploy of ['field renamed', 'tool renamed', 'tool removed'] as const) {
    it(`refuses the approval with TOOL_CHANGED, writing and running nothing, after a deploy (${deploy}); then a new message closes the call as not run`, async () => {
      const b = bank();
      const { sessionId, ref } = await askedUnderV1(b);
      const before = { version: (await b.stored(sessionId)).version, at: await b.written(sessionId) };
      const deployed = b.deploy(deploy);
      const error = await refusal(deployed.send(sessionId, approve(ref)));
      expect(error).toMatchObject({
        code: 'failed-precondition',
        details: { reason: 'TOOL_CHANGED', name: 'transfer', ref },
      });
      expect({ version: (await b.stored(sessionId)).version, at: await b.written(sessionId) }).toEqual(before);
      expect(b.record.runs).toBe(0);
      expect(deployed.model.requests).toHaveLength(0);

      const next = await deployed.send(sessionId, { message: 'thanks' });
      expect(next).toMatchObject({ status: 'done', text: 'noted: thanks' });
      expect(shownToModel(deployed.model.requests).get(ref)).toEqual({ error: 'the tool changed; it was not run' });
      const session = await b.stored(sessionId);
      expect(session.status).toBe('idle');
      expect(session.interrupts).toEqual([]);
      expect(b.record.runs).toBe(0);
      // The closed call is answered, once: a late approval is refused as any closed call's is.
      await expect(deployed.send(sessionId, approve(ref))).rejects.toMatchObject({
        details: { reason: 'ALREADY_ANSWERED' },
      });
    });
  }

  it('takes a decline of a call whose tool is gone, telling the model it was declined, and runs nothing', async () => {
    const b = bank();
    const { sessionId, ref } = await askedUnderV1(b);
    const deployed = b.deploy('tool removed');
    const declined = await deployed.send(sessionId, { resume: { decline: [{ ref, name: 'transfer', reason: 'no' }] } });
    expect(declined.status).toBe('done');
    expect(shownToModel(deployed.model.requests).get(ref)).toEqual({
      declined: true,
      reason: 'no',
      message: 'the user declined: no',
    });
    expect(b.record.runs).toBe(0);
  });

  it('expires a changed call like any other: the cleanup does not need the tool', async () => {
    const b = bank();
    const { sessionId, ref } = await askedUnderV1(b);
    const deployed = b.deploy('tool removed');
    b.clock.advance(2 * DAY);
    const report = await runCleanup({ store: deployed.store, clock: b.clock.now });
    expect(report.errors).toBe(0);
    const session = await b.stored(sessionId);
    expect(session.status).toBe('expired');
    const responses = session.history.flatMap((m) => m.content).filter((p) => 'toolResponse' in p);
    expect(responses).toMatchObject([{ toolResponse: { ref, output: { error: expect.stringMatching(/expired/) } } }]);
    await expect(deployed.send(sessionId, approve(ref))).rejects.toMatchObject({
      details: { reason: 'APPROVAL_EXPIRED' },
    });
    expect(b.record.runs).toBe(0);
  });
});
