import { defineAgent } from '@callable-flows/kit/agent/index.js';
import {
  type CallRequest,
  type CallResult,
  type FlowCallable,
  onCallFlow,
} from '@callable-flows/kit/callable/index.js';
import { callableRequest } from '@callable-flows/kit/callable/test-utils/callable-request.js';
import { ERROR_REASONS } from '@callable-flows/kit/errors/index.js';
import type { GenerateRequest } from '@callable-flows/kit/model/index.js';
import { type ScriptedModel, scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import { demoProjectId, emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { defineInterrupt, defineTool } from '@callable-flows/kit/tools/index.js';
import type { Firestore } from '@google-cloud/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { snapshotCollections } from './test-utils/firestore-snapshot.js';
import { type MalformedCall, malformedCalls, nested, type PayloadTargets } from './test-utils/malformed-payloads.js';

// Generated malformed calls, through the callable handler, against sessions in the Firestore
// emulator: every one is refused with a named HttpsError code (never `internal`) and a reason
// from the enum, no model is called, and no document changes.

const host = firestoreEmulatorHost();
const projectId = demoProjectId('faults-bad-input');
const PREFIX = 'bad_';
const COLLECTIONS = [`${PREFIX}sessions`, `${PREFIX}toolLedger`];
const CALLS = 1_200;
const SEED = 20_260_801;

let firestore: Firestore;
let model: ScriptedModel;
let fn: FlowCallable<CallRequest, CallResult>;
let targets: PayloadTargets;

/** Plays: `approve please` asks for approval (an interrupt); an answer is acknowledged; other text is echoed. */
function deskModel(): ScriptedModel {
  return scriptedModel((request: GenerateRequest) => {
    const last = request.messages.at(-1);
    if (last?.role === 'tool') return 'approved, thanks';
    const text = last?.content.map((p) => ('text' in p ? p.text : '')).join('') ?? '';
    if (text !== 'approve please') return `echo: ${text}`;
    return {
      message: { role: 'model', content: [{ toolRequest: { name: 'approve', input: { amount: 5 } } }] },
      finishReason: 'stop',
    };
  });
}

function deskAgent() {
  const approve = defineInterrupt({
    name: 'approve',
    description: 'asks a person to approve an amount',
    inputSchema: z.object({ amount: z.number() }),
    outputSchema: z.object({ ok: z.boolean() }),
  });
  const lookup = defineTool(
    { name: 'lookup', description: 'looks up', inputSchema: z.object({ id: z.string() }) },
    ({ id }) => ({ id }),
  );
  const store = new FirestoreSessionStore({ firestore, prefix: PREFIX });
  return defineAgent({ name: 'desk', model, tools: [approve, lookup], store });
}

/** The HttpsError code a refused call got, or why it is not one. */
async function refusal(call: MalformedCall): Promise<string> {
  const request = callableRequest<CallRequest>(call.data, call.uid ? { uid: call.uid } : {});
  try {
    const result = await fn.run(request);
    return `accepted: ${JSON.stringify(result).slice(0, 120)}`;
  } catch (error) {
    if (!(error instanceof HttpsError)) return `not an HttpsError: ${String(error).slice(0, 200)}`;
    const reason = (error.details as { reason?: unknown } | undefined)?.reason;
    if (!(ERROR_REASONS as readonly unknown[]).includes(reason)) return `${error.code} without a reason`;
    return error.code;
  }
}

beforeAll(async () => {
  if (!host) return;
  firestore = emulatorFirestore(host, projectId);
  model = deskModel();
  fn = onCallFlow({}, deskAgent());
  const idle = await fn.run(callableRequest<CallRequest>({ message: 'hello' }, { uid: 'alice' }));
  const asked = await fn.run(callableRequest<CallRequest>({ message: 'approve please' }, { uid: 'alice' }));
  const bobs = await fn.run(callableRequest<CallRequest>({ message: 'approve please' }, { uid: 'bob' }));
  expect(asked.status).toBe('interrupted');
  targets = {
    idle: idle.sessionId,
    interrupted: asked.sessionId,
    ref: asked.interrupts[0]?.ref as string,
    othersSession: bobs.sessionId,
  };
});

afterAll(async () => {
  await firestore?.terminate();
});

if (!host) {
  console.warn('\n*** SKIPPED: bad-input fault tests — no Firestore emulator ***\n');
  describe.skip('onCallFlow given malformed calls', () => {
    it('needs the Firestore emulator', () => undefined);
  });
} else {
  describe('onCallFlow given malformed calls', () => {
    it(`refuses ${CALLS} generated malformed calls with named codes and changes no stored state`, async () => {
      const calls = malformedCalls(targets, CALLS, SEED);
      const before = await snapshotCollections(firestore, COLLECTIONS);
      const modelCalls = model.requests.length;
      const wrong: string[] = [];
      const tally = new Map<string, number>();
      for (const call of calls) {
        const code = await refusal(call);
        tally.set(call.family, (tally.get(call.family) ?? 0) + 1);
        if (!call.codes.includes(code)) {
          wrong.push(
            `${call.family}: got ${code}, expected ${call.codes.join(' or ')}: ${JSON.stringify(call.data)?.slice(0, 160)}`,
          );
        }
      }
      console.log(`[faults] malformed calls by family: ${[...tally].map(([f, n]) => `${f} ${n}`).join('; ')}`);
      expect(wrong).toEqual([]);
      expect(model.requests.length).toBe(modelCalls);
      expect(await snapshotCollections(firestore, COLLECTIONS)).toEqual(before);
      // Nothing reached Object.prototype through the pollution keys.
      expect(Object.keys(Object.prototype)).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }, 180_000);

    it('still serves the sessions the malformed calls named when they are used properly afterwards', async () => {
      const answered = await fn.run(
        callableRequest<CallRequest>(
          {
            sessionId: targets.interrupted,
            resume: { respond: [{ ref: targets.ref, name: 'approve', output: { ok: true } }] },
          },
          { uid: 'alice' },
        ),
      );
      expect(answered).toMatchObject({ status: 'done', text: 'approved, thanks' });
      const next = await fn.run(
        callableRequest<CallRequest>({ sessionId: targets.idle, message: 'again' }, { uid: 'alice' }),
      );
      expect(next).toMatchObject({ status: 'done', text: 'echo: again' });
    });

    // A nesting limit checked without recursion: JSON.stringify, zod or Firestore would overflow first.
    it('refuses a call nested 5,000 levels deep with invalid-argument', async () => {
      const codes = [];
      for (const data of [
        { sessionId: targets.idle, message: [{ data: nested(5_000, false) }] },
        { sessionId: nested(5_000, false), message: 'hi' },
        { sessionId: targets.idle, message: [{ data: nested(50_000, true) }] },
      ]) {
        codes.push(await refusal({ family: 'deep', data, uid: 'alice', codes: ['invalid-argument'] }));
      }
      expect(codes).toEqual(['invalid-argument', 'invalid-argument', 'invalid-argument']);
    });
  });
}
