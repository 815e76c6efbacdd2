import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
// express is firebase-functions' own HTTP layer (its dependency): the callable is served as the
// platform serves it, and a client that goes away closes a real socket under it.
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineAgent } from '../agent/index.js';
import { gate } from '../agent/test-utils/agent-fixtures.js';
import type { GenerateRequest, ModelRunnerResponse } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/index.js';
import { defineTool } from '../tools/index.js';
import type { TurnTrace } from '../trace/index.js';
import type { OnDisconnect } from './call-signal.js';
import { onCallFlow } from './on-call-flow.js';

// firebase-functions reads its debug mode once, as it loads (hoisted above the imports): the ID
// token is decoded, not verified, as there is no Auth server here. Everything else the platform
// does with the request (the body, the stream, its 'close' on a client gone) is its own code.
const debugEnv = vi.hoisted(() => {
  const before = { mode: process.env.FIREBASE_DEBUG_MODE, features: process.env.FIREBASE_DEBUG_FEATURES };
  process.env.FIREBASE_DEBUG_MODE = 'true';
  process.env.FIREBASE_DEBUG_FEATURES = JSON.stringify({ skipTokenVerification: true });
  return before;
});

const restore = (name: string, value: string | undefined) => {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
};
afterAll(() => {
  restore('FIREBASE_DEBUG_MODE', debugEnv.mode);
  restore('FIREBASE_DEBUG_FEATURES', debugEnv.features);
});

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An unsigned ID token for `uid`, as the debug mode decodes it. */
const idToken = (uid: string) => `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: uid, user_id: uid })}.`;

/**
 * An agent whose turn calls `work` (a side-effect tool that waits for `release` or its signal),
 * then answers "Done.", deployed with `onDisconnect` and served over HTTP on a loopback port.
 */
async function servedAgent(onDisconnect: OnDisconnect) {
  const started = gate();
  const release = gate();
  const effects: string[] = [];
  let toolSignal: AbortSignal | undefined;
  const work = defineTool(
    { name: 'work', description: 'Works.', inputSchema: z.object({}), sideEffects: 'idempotent' },
    async (_input, ctx) => {
      toolSignal = ctx.signal;
      started.open();
      const aborted = new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
      await Promise.race([release.promise, aborted]);
      if (ctx.signal.aborted) return { done: false };
      effects.push(ctx.ref);
      return { done: true };
    },
  );
  const model = scriptedModel(async (request: GenerateRequest): Promise<ModelRunnerResponse | string> => {
    const last = request.messages.at(-1);
    if (last?.role === 'tool') return 'Done.';
    if (!last?.content.some((p) => 'text' in p && p.text === 'go')) return 'Hello.';
    const content = [{ text: 'Working. ' }, { toolRequest: { name: 'work', ref: 'w1', input: {} } }];
    return { message: { role: 'model', content }, finishReason: 'stop' };
  });
  const store = new InMemorySessionStore();
  const agent = defineAgent({ name: 'worker', model, tools: [work], store });
  const traces: TurnTrace[] = [];
  const fn = onCallFlow({ onDisconnect, traces: (trace) => void traces.push(trace) }, agent);

  /** Resolves, for each request the function takes, true when its response closed before it finished. */
  const closedEarly: Promise<boolean>[] = [];
  const app = express();
  app.use(express.json());
  app.post('/worker', (req, res) => {
    closedEarly.push(new Promise((resolve) => res.on('close', () => resolve(!res.writableFinished))));
    // Two copies of the express types (firebase-functions' and express 5's) disagree; the objects agree.
    return fn(req as never, res as never);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { port, close, store, model, effects, traces, closedEarly, started, release, signal: () => toolSignal };
}

type Served = Awaited<ReturnType<typeof servedAgent>>;

const headers = (streaming: boolean) => ({
  'content-type': 'application/json',
  authorization: `Bearer ${idToken('alice')}`,
  ...(streaming ? { accept: 'text/event-stream' } : {}),
});

/** A plain callable request: its `result` (or the `error` body). */
async function call(served: Served, data: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`http://127.0.0.1:${served.port}/worker`, {
    method: 'POST',
    headers: headers(false),
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { result?: Record<string, unknown>; error?: Record<string, unknown> };
  if (!body.result) throw new Error(`the call failed: ${JSON.stringify(body.error)}`);
  return body.result;
}

/** Starts a streaming callable request on a socket of its own; `hangUp` destroys that socket. */
function streamingCall(served: Served, data: unknown): { hangUp(): void; events: string[] } {
  const events: string[] = [];
  const req = httpRequest({
    host: '127.0.0.1',
    port: served.port,
    path: '/worker',
    method: 'POST',
    headers: headers(true),
  });
  req.on('response', (response) => response.on('data', (bytes: Buffer) => events.push(bytes.toString())));
  // The hang-up is the client's own doing: its errors are expected.
  req.on('error', () => {});
  req.end(JSON.stringify({ data }));
  return { hangUp: () => req.destroy(), events };
}

/** The trace of the turn whose input was `input`, once it has ended. */
const turnEnded = (served: Served, input: string) =>
  vi.waitFor(
    () => {
      const trace = served.traces.find((t) => t.input === input);
      if (!trace) throw new Error(`the turn on '${input}' has not ended`);
      return trace;
    },
    { timeout: 10_000 },
  );

describe('onCallFlow served over HTTP when the client’s socket closes mid-turn', () => {
  let finishing: Served;
  let cancelling: Served;
  beforeAll(async () => {
    finishing = await servedAgent('finish');
    cancelling = await servedAgent('cancel');
  });
  afterAll(async () => {
    await finishing.close();
    await cancelling.close();
  });

  it('runs the turn to its end and stores its result for the request id under finish', async () => {
    const served = finishing;
    const { sessionId } = await call(served, { message: 'hi' });
    const requestId = 'go-finish';
    const client = streamingCall(served, { sessionId, message: 'go', requestId });
    await served.started.promise;
    client.hangUp();
    // The platform saw the client go away: the response closed before the function answered.
    await expect(served.closedEarly.at(-1)).resolves.toBe(true);
    served.release.open();

    expect(await turnEnded(served, 'go')).toMatchObject({ status: 'done' });
    expect(served.signal()?.aborted).toBe(false);
    expect(served.effects).toEqual(['w1']);
    const session = (await served.store.load(sessionId as string))?.session;
    expect(session).toMatchObject({ status: 'idle' });
    expect(session?.lease ?? null).toBeNull();
    expect(session?.history.at(-1)).toMatchObject({ role: 'model', content: [{ text: 'Done.' }] });
    // The client that comes back retries its request id and gets the stored result: nothing runs again.
    const modelCalls = served.model.requests.length;
    await expect(call(served, { sessionId, message: 'go', requestId })).resolves.toMatchObject({
      status: 'done',
      text: 'Done.',
    });
    expect(served.model.requests).toHaveLength(modelCalls);
    expect(served.effects).toEqual(['w1']);
  });

  it('aborts the turn, its tool’s signal included, and frees the session, not completed, under cancel', async () => {
    const served = cancelling;
    const { sessionId } = await call(served, { message: 'hi' });
    const client = streamingCall(served, { sessionId, message: 'go', requestId: 'go-cancel' });
    await served.started.promise;
    const modelCalls = served.model.requests.length;
    client.hangUp();
    await expect(served.closedEarly.at(-1)).resolves.toBe(true);

    expect(await turnEnded(served, 'go')).toMatchObject({ status: 'failed', errorCode: 'aborted' });
    expect(served.signal()?.aborted).toBe(true);
    expect(served.effects).toEqual([]);
    // Not completed: the model was not called after the tool, and nothing answered the turn.
    expect(served.model.requests).toHaveLength(modelCalls);
    const session = (await served.store.load(sessionId as string))?.session;
    expect(session).toMatchObject({ status: 'failed', error: { code: 'cancelled' } });
    expect(session?.lease ?? null).toBeNull();
    expect(JSON.stringify(session?.history)).not.toContain('Done.');
    // The session is free: the next message is answered at once.
    await expect(call(served, { sessionId, message: 'thanks' })).resolves.toMatchObject({ text: 'Hello.' });
  });
});
