import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  defineAgent,
  defineInterrupt,
  defineTool,
  type GenerateRequest,
  InMemorySessionStore,
  onCallFlow,
  scriptedModel,
} from '@callable-flows/kit/index.js';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

// The callable's wire, replayed: a conversation of requests (new messages, approvals, declines,
// answers, streaming, retries by request id, and refusals) whose results and chunks were recorded
// from the kit before the protocol package and the call-state redesign (commit cc9fe62). The same
// requests against today's code must give the same results, chunks and error codes, reasons and
// details. `RECORD_WIRE=1` writes the recording again (only when the wire is meant to change: it
// was, when a first message could bring its own session id and errors named their session).
// Fields added since, which an older client passes over, are taken off before the comparison and
// checked on their own: an interrupt's `inputDigest` (issue 29).

const RECORDING = resolve(import.meta.dirname, 'test-utils/wire-recording.json');

/** What one step of the conversation sent and got back, with ids made stable. */
interface Exchange {
  label: string;
  uid: string | null;
  request: unknown;
  streamed: boolean;
  result?: unknown;
  chunks?: unknown[];
  error?: { code: string; details: unknown };
}

const lastUserText = (request: GenerateRequest): string => {
  const user = [...request.messages].reverse().find((m) => m.role === 'user');
  const part = user?.content.find((p) => 'text' in p) as { text: string } | undefined;
  return part?.text ?? '';
};

/** The model: decides from the last user message and whether tools have answered since. */
function reply(request: GenerateRequest) {
  const text = lastUserText(request);
  const last = request.messages.at(-1);
  const toolAnswered = last?.role === 'tool';
  const toolText = toolAnswered
    ? JSON.stringify(last?.content.map((p) => ('toolResponse' in p ? p.toolResponse.output : null)))
    : '';
  const ask = (name: string, input: unknown) => ({
    message: { role: 'model' as const, content: [{ text: `calling ${name}` }, { toolRequest: { name, input } }] },
    finishReason: 'stop' as const,
  });
  if (text.startsWith('cancel '))
    return toolAnswered ? `done: ${toolText}` : ask('cancelOrder', { orderId: text.slice(7) });
  if (text.startsWith('color')) return toolAnswered ? `your color: ${toolText}` : ask('askColor', { why: 'to paint' });
  if (text.startsWith('look ')) return toolAnswered ? `found: ${toolText}` : ask('lookup', { id: text.slice(5) });
  return `echo: ${text}`;
}

function agentUnderTest() {
  const cancelOrder = defineTool(
    {
      name: 'cancelOrder',
      description: 'Cancels an order after the user confirms.',
      inputSchema: z.object({ orderId: z.string() }),
      outputSchema: z.object({ cancelled: z.boolean() }),
      sideEffects: 'idempotent',
    },
    async ({ orderId }, ctx) => {
      if (!ctx.resumed) ctx.interrupt({ question: `Cancel ${orderId}?` });
      return { cancelled: true };
    },
  );
  const askColor = defineInterrupt({
    name: 'askColor',
    description: 'Asks the user for a color.',
    inputSchema: z.object({ why: z.string() }),
    outputSchema: z.object({ color: z.string() }),
  });
  const lookup = defineTool(
    {
      name: 'lookup',
      description: 'Looks an id up.',
      inputSchema: z.object({ id: z.string() }),
      outputSchema: z.object({ length: z.number() }),
      sideEffects: 'none',
    },
    async ({ id }) => ({ length: id.length }),
  );
  return defineAgent({
    name: 'compat',
    model: scriptedModel(reply),
    tools: [cancelOrder, askColor, lookup],
    store: new InMemorySessionStore(),
  });
}

function callRequest(data: unknown, uid: string | null, streaming: boolean): CallableRequest<unknown> {
  const request: Record<string, unknown> = { data, rawRequest: { headers: {} }, acceptsStreaming: streaming };
  if (uid) request.auth = { uid, rawToken: 'raw', token: { uid, sub: uid } };
  return request as unknown as CallableRequest<unknown>;
}

/** Every digest the conversation's interrupts carried. */
const digests: string[] = [];

/** The interrupts' `inputDigest`s of a result or its chunks, taken off them (added since the recording). */
function takeDigests(value: unknown): string[] {
  const taken: string[] = [];
  const items = Array.isArray(value) ? value : ((value as { interrupts?: unknown[] } | null)?.interrupts ?? []);
  for (const item of items as Record<string, unknown>[]) {
    if (Array.isArray(value) && item.type !== 'interrupt') continue;
    taken.push(item.inputDigest as string);
    delete item.inputDigest;
  }
  return taken;
}

/** Replaces every UUID-like id (refs, sessions) with its order of first appearance, so runs compare. */
function stable(value: unknown, ids: Map<string, string>): unknown {
  const json = JSON.stringify(value ?? null).replace(
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9_-]{32}/g,
    (id) => {
      if (!ids.has(id)) ids.set(id, `<id${ids.size + 1}>`);
      return ids.get(id) as string;
    },
  );
  return JSON.parse(json);
}

type Step = { label: string; uid?: string | null; stream?: boolean; data: (at: State) => unknown };
interface State {
  sessionId?: string;
  ref?: string;
}

/** The conversation: every kind of request the wire takes, and the refusals a client can meet. */
const STEPS: Step[] = [
  { label: 'a first message', data: () => ({ message: 'hello', requestId: 'req-1' }) },
  { label: 'the same request id again', data: () => ({ message: 'hello', requestId: 'req-1' }) },
  { label: 'a message streamed', stream: true, data: (s) => ({ sessionId: s.sessionId, message: 'look abc' }) },
  {
    label: 'a message that interrupts',
    stream: true,
    data: (s) => ({ sessionId: s.sessionId, message: 'cancel A-1' }),
  },
  { label: 'a message while an approval waits', data: (s) => ({ sessionId: s.sessionId, message: 'hello again' }) },
  {
    label: 'an unknown ref',
    data: (s) => ({ sessionId: s.sessionId, resume: { restart: [{ ref: 'nope', name: 'cancelOrder' }] } }),
  },
  {
    label: 'a respond to an idempotent tool',
    data: (s) => ({
      sessionId: s.sessionId,
      resume: { respond: [{ ref: s.ref, name: 'cancelOrder', output: { cancelled: true } }] },
    }),
  },
  {
    label: 'an approval',
    stream: true,
    data: (s) => ({
      sessionId: s.sessionId,
      resume: { restart: [{ ref: s.ref, name: 'cancelOrder' }] },
      requestId: 'approve-1',
    }),
  },
  {
    label: 'a decline after the approval',
    data: (s) => ({ sessionId: s.sessionId, resume: { decline: [{ ref: s.ref, name: 'cancelOrder', reason: 'no' }] } }),
  },
  { label: 'a second interrupt', data: (s) => ({ sessionId: s.sessionId, message: 'cancel B-2' }) },
  {
    label: 'a decline',
    data: (s) => ({
      sessionId: s.sessionId,
      resume: { decline: [{ ref: s.ref, name: 'cancelOrder', reason: 'changed my mind' }] },
    }),
  },
  { label: 'a question', data: (s) => ({ sessionId: s.sessionId, message: 'color please' }) },
  {
    label: 'an answer',
    data: (s) => ({
      sessionId: s.sessionId,
      resume: { respond: [{ ref: s.ref, name: 'askColor', output: { color: 'teal' } }] },
    }),
  },
  {
    label: 'a resume with nothing to resume',
    data: (s) => ({ sessionId: s.sessionId, resume: { restart: [{ ref: s.ref, name: 'askColor' }] } }),
  },
  { label: 'message and resume together', data: (s) => ({ sessionId: s.sessionId, message: 'x', resume: {} }) },
  { label: 'neither message nor resume', data: (s) => ({ sessionId: s.sessionId }) },
  { label: 'a resume without a session', data: () => ({ resume: { restart: [{ ref: 'r', name: 'cancelOrder' }] } }) },
  {
    label: 'a resume of an unknown session',
    data: () => ({ sessionId: 'no-such-session', resume: { restart: [{ ref: 'r', name: 'cancelOrder' }] } }),
  },
  { label: "another user's session", uid: 'bob', data: (s) => ({ sessionId: s.sessionId, message: 'hi' }) },
  { label: 'no one signed in', uid: null, data: (s) => ({ sessionId: s.sessionId, message: 'hi' }) },
  { label: 'a text over the limit', data: (s) => ({ sessionId: s.sessionId, message: 'x'.repeat(32_001) }) },
  { label: 'a malformed part', data: (s) => ({ sessionId: s.sessionId, message: [{ bogus: 1 }] }) },
  { label: 'a first message under its own session id', data: () => ({ sessionId: 'client-made-id', message: 'hi' }) },
];

async function converse(): Promise<Exchange[]> {
  const fn = onCallFlow({}, agentUnderTest());
  const state: State = {};
  const ids = new Map<string, string>();
  const out: Exchange[] = [];
  for (const step of STEPS) {
    const uid = step.uid === undefined ? 'alice' : step.uid;
    const data = step.data(state);
    const chunks: unknown[] = [];
    const response = step.stream
      ? {
          signal: new AbortController().signal,
          sendChunk: async (chunk: unknown) => {
            chunks.push(chunk);
            return true;
          },
        }
      : undefined;
    const exchange: Exchange = { label: step.label, uid, request: stable(data, ids), streamed: !!step.stream };
    let result: { sessionId: string; interrupts: { ref: string }[] } | undefined;
    try {
      result = (await (fn.run as (r: unknown, s?: unknown) => Promise<unknown>)(
        callRequest(data, uid, !!step.stream),
        response,
      )) as { sessionId: string; interrupts: { ref: string }[] };
    } catch (error) {
      const e = error as { code: string; details?: unknown };
      exchange.error = { code: e.code, details: stable(e.details ?? null, ids) };
    }
    // Outside the call's catch: a missing or malformed digest fails here, by its step's name.
    if (result) {
      state.sessionId = result.sessionId;
      if (result.interrupts[0]) state.ref = result.interrupts[0].ref;
      const sent = [...takeDigests(result), ...(step.stream ? takeDigests(chunks) : [])];
      for (const digest of sent) expect(digest, step.label).toMatch(/^[A-Za-z0-9_-]{43}$/);
      digests.push(...sent);
      exchange.result = stable(result, ids);
      if (step.stream) exchange.chunks = stable(chunks, ids) as unknown[];
    }
    out.push(exchange);
  }
  return out;
}

describe('the callable wire', () => {
  it('gives the recorded results, chunks and errors when the recorded requests are replayed', async () => {
    const exchanges = await converse();
    if (process.env.RECORD_WIRE === '1') writeFileSync(RECORDING, `${JSON.stringify(exchanges, null, 2)}\n`);
    const recorded = JSON.parse(readFileSync(RECORDING, 'utf8')) as Exchange[];
    expect(exchanges.map((e) => e.label)).toEqual(recorded.map((e) => e.label));
    for (const [i, exchange] of exchanges.entries()) expect(exchange, exchange.label).toEqual(recorded[i]);
    // Every interrupt the recording holds, returned or streamed, came with its input's digest.
    const interrupts = recorded.reduce(
      (n, e) =>
        n +
        ((e.result as { interrupts?: unknown[] } | undefined)?.interrupts?.length ?? 0) +
        (e.chunks ?? []).filter((c) => (c as { type?: string }).type === 'interrupt').length,
      0,
    );
    expect(interrupts).toBeGreaterThan(0);
    expect(digests).toHaveLength(interrupts);
  });
});
