import { defineAgent } from '@callable-flows/kit/agent/index.js';
import {
  type CallRequest,
  type CallResult,
  type FlowCallable,
  type OnCallFlowOptions,
  onCallFlow,
} from '@callable-flows/kit/callable/index.js';
import { callableRequest, recordingResponse } from '@callable-flows/kit/callable/test-utils/callable-request.js';
import { retry } from '@callable-flows/kit/model/index.js';
import { gemini } from '@callable-flows/kit/models/gemini/index.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import type { Session } from '@callable-flows/kit/session/index.js';
import { demoProjectId, emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import {
  type FakeGemini,
  type FakeGeminiAnswer,
  geminiResponse,
  geminiText,
  geminiTextChunks,
  startFakeGemini,
} from '@callable-flows/kit/test-utils/fake-gemini/index.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { defineTool } from '@callable-flows/kit/tools/index.js';
import type { Firestore } from '@google-cloud/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FLOW_FALLBACK_MODEL, FLOW_GEMINI_MODEL, flowModel } from '../flows/flow-model.js';
import { defineOrderAssistant } from '../flows/orders/order-assistant.js';
import { nextOrderMove } from '../flows/orders/order-script.js';
import { playScript } from '../flows/scripted-play.js';

// Model faults on Gemini's REST API (the fake server), through the callable handler, with
// sessions in the Firestore emulator: each fault reaches the caller as a clear code, and the
// session goes on afterwards, whether the fault struck a new message or the resume of an interrupt.

const host = firestoreEmulatorHost();
const projectId = demoProjectId('faults-model');
const RETRIES = 2;
const MODEL_TIMEOUT_MS = 1_000;
const alice = { uid: 'alice' };
let fake: FakeGemini;
let firestore: Firestore;
let prefixes = 0;
type Handler = FlowCallable<CallRequest, CallResult>;

const call = (name: string, args: unknown) => geminiResponse([{ functionCall: { name, args } }]);
const times = (n: number, step: FakeGeminiAnswer): FakeGeminiAnswer[] => Array.from({ length: n }, () => step);

/** A deployment of an agent on Gemini (the fake) with the retry middleware, and the transfers it made. */
function deploy(options: OnCallFlowOptions = {}, timeoutMs = MODEL_TIMEOUT_MS) {
  const transfers: string[] = [];
  const transfer = defineTool(
    {
      name: 'transfer',
      description: 'moves money, once approved',
      inputSchema: z.object({ cents: z.number() }),
      sideEffects: 'idempotent',
    },
    (input, ctx) => {
      if (!ctx.resumed) ctx.interrupt({ confirm: `send ${input.cents}?` });
      transfers.push(ctx.ref);
      return { done: true };
    },
  );
  const lookup = defineTool(
    { name: 'lookup', description: 'finds an order', inputSchema: z.object({ id: z.string() }) },
    ({ id }) => ({ id, status: 'shipped' }),
  );
  const model = gemini({ model: 'gemini-test', apiKey: 'test-key', httpOptions: { baseUrl: fake.url }, timeoutMs });
  const store = new FirestoreSessionStore({ firestore, prefix: `m${prefixes++}_` });
  const agent = defineAgent({
    name: 'assistant',
    model,
    tools: [transfer, lookup],
    use: [retry({ maxRetries: RETRIES, initialDelayMs: 5, jitter: false })],
    store,
  });
  return { fn: onCallFlow(options, agent), store, transfers };
}

/** The call's result, or the code of the HttpsError it was refused with. */
async function outcome(fn: Handler, data: CallRequest, stream = false): Promise<CallResult | string> {
  try {
    if (!stream) return await fn.run(callableRequest(data, alice));
    return await fn.run(callableRequest(data, { ...alice, acceptsStreaming: true }), recordingResponse());
  } catch (error) {
    expect(error).toBeInstanceOf(HttpsError);
    return (error as HttpsError).code;
  }
}

async function stored(store: FirestoreSessionStore, id: string): Promise<Session> {
  return ((await store.load(id)) as { session: Session }).session;
}

/** Where a fault strikes: the model call of a new message, or the one after an approved transfer ran. */
interface Context {
  name: string;
  /** Opens the session and returns the call that the fault will strike (and that is then retried). */
  open(fn: Handler): Promise<CallRequest>;
  roles: string[];
  /** Transfers the finished turn has made. */
  transfers: number;
}

const CONTEXTS: Context[] = [
  {
    name: 'a new message',
    open: async () => ({ message: 'where is my order?', requestId: 'ask-1' }),
    roles: ['user', 'model'],
    transfers: 0,
  },
  {
    name: 'the resume of an approved transfer',
    open: async (fn) => {
      fake.enqueue({ response: call('transfer', { cents: 500 }) });
      const asked = await fn.run(callableRequest({ message: 'send 5 euros' }, alice));
      expect(asked.status).toBe('interrupted');
      const ref = asked.interrupts[0]?.ref as string;
      return { sessionId: asked.sessionId, resume: { restart: [{ ref, name: 'transfer' }] }, requestId: 'ok-1' };
    },
    roles: ['user', 'model', 'tool', 'model'],
    transfers: 1,
  },
];

/** A fault Gemini answers with, and the code the caller gets for it. */
interface Fault {
  name: string;
  steps: FakeGeminiAnswer[];
  code: string;
  stream?: boolean;
}

const half = geminiTextChunks('Your order is on its', { finishReason: undefined });
const FAULTS: Fault[] = [
  {
    name: `a 429 burst longer than the retries`,
    steps: times(RETRIES + 1, { status: 429 }),
    code: 'resource-exhausted',
  },
  { name: `a 503 burst longer than the retries`, steps: times(RETRIES + 1, { status: 503 }), code: 'unavailable' },
  {
    name: 'a hang past the model deadline',
    steps: times(RETRIES + 1, { hang: 'before-headers' }),
    code: 'deadline-exceeded',
  },
  { name: 'a body that is not JSON', steps: times(RETRIES + 1, { raw: '{"candidates": [' }), code: 'unavailable' },
  { name: 'a stream that ends without a finish reason', steps: [{ chunks: half }], code: 'unavailable', stream: true },
  {
    name: 'a stream cut off mid-answer',
    steps: [{ chunks: half, drop: 'after-chunks' }],
    code: 'unavailable',
    stream: true,
  },
  {
    name: 'an error event mid-stream',
    steps: [{ chunks: half, errorChunk: { code: 503 } }],
    code: 'unavailable',
    stream: true,
  },
];

/** Function calls Gemini's API can carry although its own models never send them. */
const MALFORMED_CALLS: [string, ReturnType<typeof geminiResponse>][] = [
  ['a function call with no name', geminiResponse([{ functionCall: { args: { id: 'A' } } }])],
  ['a function call whose arguments are not an object', call('lookup', 'A-1')],
];

beforeAll(async () => {
  fake = await startFakeGemini();
  if (host) firestore = emulatorFirestore(host, projectId);
});
beforeEach(() => fake.reset());
afterAll(async () => {
  await fake.close();
  await firestore?.terminate();
});

if (!host) {
  console.warn('\n*** SKIPPED: model fault tests — no Firestore emulator ***\n');
  describe.skip('onCallFlow on a failing Gemini', () => {
    it('needs the Firestore emulator', () => undefined);
  });
} else {
  describe.each(CONTEXTS)('onCallFlow on a failing Gemini, in $name', (context) => {
    it.each(FAULTS)('refuses with $code, then completes the turn on retry, when Gemini sends $name', async (fault) => {
      const { fn, store, transfers } = deploy();
      const data = await context.open(fn);
      const before = fake.requests.length;
      fake.enqueue(...fault.steps);
      expect(await outcome(fn, data, fault.stream)).toBe(fault.code);
      // Transient faults are retried before the caller hears of them; a stream that has begun is not.
      expect(fake.requests.length - before).toBe(fault.steps.length);

      fake.enqueue({ response: geminiText('All done.') });
      const result = await outcome(fn, data, fault.stream);
      expect(result).toMatchObject({ status: 'done', text: 'All done.' });
      const session = await stored(store, (result as CallResult).sessionId);
      expect(session).toMatchObject({ status: 'idle', interrupts: [] });
      expect(session.history.map((m) => m.role)).toEqual(context.roles);
      // The approved transfer ran before the fault; the retry found its result in the ledger.
      expect(transfers).toHaveLength(context.transfers);
    });
  });

  describe('onCallFlow on a misbehaving Gemini', () => {
    it.each([400, 401, 403, 404])(
      'refuses with internal SERVER_MISCONFIGURED, without Gemini’s words or a retry, when Gemini answers %i',
      async (status) => {
        const { fn } = deploy();
        fake.enqueue({ status, error: { message: 'API key AIzaSyNOPE for project acme-prod-1234 not valid' } });
        const error = await fn.run(callableRequest({ message: 'hi' }, alice)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(HttpsError);
        expect(error).toMatchObject({ code: 'internal', details: { reason: 'SERVER_MISCONFIGURED' } });
        expect(JSON.stringify([(error as Error).message, (error as HttpsError).details])).not.toMatch(/acme|AIza/);
        expect(fake.requests).toHaveLength(1);
      },
    );

    it('refuses with resource-exhausted MODEL_QUOTA and the wait Gemini asked for when its 429s outlast the retries', async () => {
      const { fn } = deploy();
      const retryInfo = { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' };
      fake.enqueue(
        ...times(RETRIES + 1, { status: 429, error: { message: 'quota of project acme', details: [retryInfo] } }),
      );
      const error = await fn.run(callableRequest({ message: 'hi' }, alice)).catch((e: unknown) => e);
      expect(error).toMatchObject({
        code: 'resource-exhausted',
        details: { reason: 'MODEL_QUOTA', retryAfterMs: 7000 },
      });
      expect((error as Error).message).not.toContain('acme');
    });

    it('refuses with unavailable MODEL_UNAVAILABLE when Gemini’s 503s outlast the retries', async () => {
      const { fn } = deploy();
      fake.enqueue(...times(RETRIES + 1, { status: 503 }));
      const error = await fn.run(callableRequest({ message: 'hi' }, alice)).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'unavailable', details: { reason: 'MODEL_UNAVAILABLE' } });
    });

    it('answers after the retries when a 429 burst is shorter than them', async () => {
      const { fn } = deploy();
      fake.enqueue(...times(RETRIES, { status: 429 }), { response: geminiText('Made it.') });
      expect(await outcome(fn, { message: 'hi' })).toMatchObject({ status: 'done', text: 'Made it.' });
      expect(fake.requests).toHaveLength(RETRIES + 1);
    });

    it.each([
      ['a function no tool has', call('refund', { id: 'A' }), /unknown tool 'refund'/],
      ['arguments the schema refuses', call('lookup', { id: 5 }), /id/],
    ])('tells the model and finishes the turn when Gemini calls %s', async (_name, response, error) => {
      const { fn, store } = deploy();
      fake.enqueue({ response }, { response: geminiText('Sorry, let me try that differently.') });
      const result = await outcome(fn, { message: 'where is A?' });
      expect(result).toMatchObject({ status: 'done', text: 'Sorry, let me try that differently.' });
      const answer = JSON.stringify(fake.requests[1]?.body.contents);
      expect(answer).toMatch(/functionResponse/);
      expect(answer).toMatch(error);
      const session = await stored(store, (result as CallResult).sessionId);
      expect(session.history.map((m) => m.role)).toEqual(['user', 'model', 'tool', 'model']);
    });

    it('finishes with reason other, and the session goes on, when Gemini reports MALFORMED_FUNCTION_CALL', async () => {
      const { fn } = deploy();
      fake.enqueue({ response: geminiResponse([], { finishReason: 'MALFORMED_FUNCTION_CALL' }) });
      const first = await outcome(fn, { message: 'where is A?' });
      expect(first).toMatchObject({ status: 'done', finishReason: 'other' });
      expect((first as CallResult).finishMessage).toContain('MALFORMED_FUNCTION_CALL');
      fake.enqueue({ response: geminiText('A has shipped.') });
      const next = await outcome(fn, { sessionId: (first as CallResult).sessionId, message: 'and now?' });
      expect(next).toMatchObject({ status: 'done', text: 'A has shipped.' });
    });

    for (const [name, response] of MALFORMED_CALLS) {
      it(`completes the turn on retry after Gemini sent ${name}`, async () => {
        const { fn, store } = deploy();
        fake.enqueue({ response });
        expect(typeof (await outcome(fn, { message: 'where is A?', requestId: 'odd-1' }))).toBe('string');
        fake.reset();
        fake.enqueue({ response: geminiText('A has shipped.') });
        const result = await outcome(fn, { message: 'where is A?', requestId: 'odd-1' });
        expect(result).toMatchObject({ status: 'done', text: 'A has shipped.' });
        const session = await stored(store, (result as CallResult).sessionId);
        expect(session.history.map((m) => m.role)).toEqual(['user', 'model']);
      });

      // Gemini's malformed answer is refused as `unavailable` (retried), never blamed on the caller.
      it(`finishes the turn or refuses with unavailable when Gemini sends ${name}`, async () => {
        const { fn } = deploy();
        fake.enqueue(...times(RETRIES + 1, { response }));
        const result = await outcome(fn, { message: 'where is A?' });
        expect(typeof result === 'string' ? result : result.status).toMatch(/^(done|unavailable)$/);
      });
    }

    it('refuses with deadline-exceeded at the function deadline, and frees the session, when Gemini hangs', async () => {
      // timeoutSeconds 6: the kit stops the turn 5 s before the platform would kill it, at 1 s.
      const { fn, store } = deploy({ timeoutSeconds: 6 }, 0);
      fake.enqueue({ hang: 'before-headers' });
      expect(await outcome(fn, { message: 'where is A?', requestId: 'slow-1' })).toBe('deadline-exceeded');
      await expect.poll(() => fake.requests[0]?.disconnected).toBe(true);
      fake.enqueue({ response: geminiText('A has shipped.') });
      // No lease to wait for: the retry runs at once.
      const result = await outcome(fn, { message: 'where is A?', requestId: 'slow-1' });
      expect(result).toMatchObject({ status: 'done', text: 'A has shipped.' });
      const session = await stored(store, (result as CallResult).sessionId);
      expect(session.history.map((m) => m.role)).toEqual(['user', 'model']);
    });
  });

  // The deployed wiring itself: `flowModel` (retry on the primary, then the fallback model) in
  // the order assistant, with GEMINI_API_KEY set and the SDK pointed at the fake server.
  describe('the example flows on a failing Gemini', () => {
    const saved = { key: process.env.GEMINI_API_KEY, url: process.env.GOOGLE_GEMINI_BASE_URL };
    const restore = (name: string, value: string | undefined): void => {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    };
    afterAll(() => {
      restore('GEMINI_API_KEY', saved.key);
      restore('GOOGLE_GEMINI_BASE_URL', saved.url);
    });

    function deployOrderAssistant(): Handler {
      process.env.GEMINI_API_KEY = 'test-key';
      process.env.GOOGLE_GEMINI_BASE_URL = fake.url;
      const agent = defineOrderAssistant({
        model: flowModel('orderAssistant', playScript(nextOrderMove)),
        store: new FirestoreSessionStore({ firestore, prefix: `m${prefixes++}_` }),
        db: async () => firestore as never,
        // One call at a time here, so nothing is ever queued or stopped. Not 'queue': an agent that
        // queues reads its queue after each turn without its caller waiting, and that read would
        // outlive the file's Firestore client (terminated in afterAll) after the last test.
        whileBusy: 'interrupt',
      });
      // One call at a time here: a message is never queued, so the order assistant's callable fits the handler.
      return onCallFlow({ traces: false }, agent) as unknown as Handler;
    }

    it("waits as Gemini's RetryInfo says and answers from the primary when a 429 passes", async () => {
      const fn = deployOrderAssistant();
      const quota = { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '0.05s' };
      fake.enqueue({ status: 429, error: { details: [quota] } }, { response: geminiText('Here I am.') });
      expect(await outcome(fn, { message: 'hi' })).toMatchObject({ status: 'done', text: 'Here I am.' });
      expect(fake.requests.map((r) => r.model)).toEqual([FLOW_GEMINI_MODEL, FLOW_GEMINI_MODEL]);
    });

    it('serves the turn from the fallback model when the primary answers 503', async () => {
      const fn = deployOrderAssistant();
      fake.enqueue(
        { status: 503, error: { message: 'The model is overloaded.' } },
        { response: geminiText('Fallback.') },
      );
      expect(await outcome(fn, { message: 'hi' })).toMatchObject({ status: 'done', text: 'Fallback.' });
      expect(fake.requests.map((r) => r.model)).toEqual([FLOW_GEMINI_MODEL, FLOW_FALLBACK_MODEL]);
    });

    it('falls back at once when the primary asks for a longer wait than the flows accept', async () => {
      const fn = deployOrderAssistant();
      const quota = { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '45s' };
      fake.enqueue({ status: 429, error: { details: [quota] } }, { response: geminiText('Fallback.') });
      expect(await outcome(fn, { message: 'hi' })).toMatchObject({ status: 'done', text: 'Fallback.' });
      expect(fake.requests.map((r) => r.model)).toEqual([FLOW_GEMINI_MODEL, FLOW_FALLBACK_MODEL]);
    });
  });
}
