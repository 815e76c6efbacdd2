import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAgent } from '../agent/index.js';
import { gate, userTexts } from '../agent/test-utils/agent-fixtures.js';
import type { GenerateRequest, ModelRunnerResponse } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore, type SessionStore } from '../session/index.js';
import { demoProjectId } from '../session/test-utils/emulator-firestore.js';
import { firestoreStoreBackends } from '../session/test-utils/firestore-store-backends.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { defineTool } from '../tools/index.js';
import { onCallFlow } from './on-call-flow.js';
import { callableRequest } from './test-utils/callable-request.js';

// A stranger learns nothing of a session id they don't own: through every way in a client has
// that names a session, their answer for someone else's session is the answer anyone gets for an
// id no session has (code, words, details), and nothing is written. The one way in that differs
// by nature is a message: an id no session has is a new session's, the caller's own.

const ALICE = { uid: 'alice' };
const MALLORY = { uid: 'mallory' };
/** Alice's session waiting for her approval, and her session with a turn running and a message queued. */
const WAITING = 'alices-chat';
const BUSY = 'alices-busy';
const MISSING = 'nobodys-chat';

/** A queueing agent: "refund" asks the owner first, "slow" holds its turn until `release` opens. */
function deskOn(store: SessionStore) {
  const release = gate();
  const started = gate();
  const wait = defineTool(
    { name: 'wait', description: 'Takes its time.', inputSchema: z.object({}), sideEffects: 'idempotent' },
    async () => {
      started.open();
      await release.promise;
      return 'waited';
    },
  );
  const refund = defineTool(
    { name: 'refund', description: 'Refunds.', inputSchema: z.object({}), sideEffects: 'idempotent' },
    (_input, ctx) => {
      if (!ctx.resumed) ctx.interrupt({ title: 'refund?' });
      return 'refunded';
    },
  );
  const model = scriptedModel(async (request: GenerateRequest): Promise<ModelRunnerResponse | string> => {
    const [text = ''] = userTexts(request.messages.filter((m) => m.role === 'user').slice(-1));
    const tool = { slow: 'wait', refund: 'refund' }[text];
    if (request.messages.at(-1)?.role === 'tool' || !tool) return `echo: ${text}`;
    return {
      message: { role: 'model', content: [{ toolRequest: { name: tool, ref: 't1', input: {} } }] },
      finishReason: 'stop',
    };
  });
  const agent = defineAgent({ name: 'desk', model, tools: [wait, refund], store, whileBusy: 'queue' });
  return { fn: onCallFlow({}, agent), agent, release, started };
}

type Desk = ReturnType<typeof deskOn>;

/** Alice's two sessions: one waiting for her answer (call `t1`), one running "slow" with "later" (`q1`) queued behind it. */
async function aliceSessions(desk: Desk): Promise<{ slow: Promise<unknown> }> {
  const run = (data: unknown) => desk.fn.run(callableRequest(data, ALICE));
  await expect(run({ sessionId: WAITING, message: 'refund', requestId: 'r1' })).resolves.toMatchObject({
    status: 'interrupted',
  });
  const slow = run({ sessionId: BUSY, message: 'slow' });
  await desk.started.promise;
  await expect(run({ sessionId: BUSY, message: 'later', requestId: 'q1' })).resolves.toMatchObject({
    status: 'queued',
  });
  // Wrapped: an async function returning the promise itself would wait for it.
  return { slow };
}

/** What a caller is told: the result's status, or the wire error's code, words and details. */
async function answerOf(desk: Desk, data: unknown, caller: { uid: string }): Promise<unknown> {
  try {
    const result = (await desk.fn.run(callableRequest(data, caller))) as { status?: unknown };
    return { status: result.status };
  } catch (error) {
    const { code, message, details } = error as { code: string; message: string; details?: unknown };
    return { code, message, details };
  }
}

interface WayIn {
  /** Which of Alice's sessions it names. */
  session: typeof WAITING | typeof BUSY;
  data: (sessionId: string) => Record<string, unknown>;
  /** What the owner is told on her own session (she is served). */
  owner: Record<string, unknown>;
}

const restart = { restart: [{ ref: 't1', name: 'refund' }] };
/** Every way in a client has that names a session and refuses an id no session has. */
const REFUSING: Record<string, WayIn> = {
  resume: { session: WAITING, data: (id) => ({ sessionId: id, resume: restart }), owner: { status: 'done' } },
  'resume, retried': {
    session: WAITING,
    data: (id) => ({ sessionId: id, resume: restart, requestId: 'r2' }),
    owner: { status: 'done' },
  },
  stop: { session: BUSY, data: (id) => ({ sessionId: id, stop: true }), owner: { status: 'stopped' } },
  'stop, retried': {
    session: BUSY,
    data: (id) => ({ sessionId: id, stop: true, requestId: 's1' }),
    owner: { status: 'stopped' },
  },
  withdraw: { session: BUSY, data: (id) => ({ sessionId: id, withdraw: 'q1' }), owner: { status: 'withdrawn' } },
};
/** The ways in where an id no session has makes the caller's own new session. */
const CREATING: Record<string, WayIn> = {
  message: {
    session: WAITING,
    data: (id) => ({ sessionId: id, message: 'hi' }),
    owner: { code: 'failed-precondition' },
  },
  'message, retried': {
    session: WAITING,
    data: (id) => ({ sessionId: id, message: 'refund', requestId: 'r1' }),
    owner: { status: 'interrupted' },
  },
  'message, queued behind a running turn': {
    session: BUSY,
    data: (id) => ({ sessionId: id, message: 'also' }),
    owner: { status: 'queued' },
  },
};

const NOT_OWNER = { code: 'permission-denied', message: 'permission denied', details: { reason: 'NOT_OWNER' } };
const NOT_ALLOWED = { code: 'permission-denied', message: 'permission denied', details: { reason: 'NOT_ALLOWED' } };
/** What a stranger is told by each way in: what the resume path tells a stranger (`NOT_ALLOWED` for an answer). */
const STRANGER: Record<string, unknown> = {
  resume: NOT_ALLOWED,
  'resume, retried': NOT_ALLOWED,
  stop: NOT_OWNER,
  'stop, retried': NOT_OWNER,
  withdraw: NOT_OWNER,
  message: NOT_OWNER,
  'message, retried': NOT_OWNER,
  'message, queued behind a running turn': NOT_OWNER,
};

async function stored(store: SessionStore, id: string) {
  return JSON.stringify((await store.load(id, { fresh: true }))?.session ?? null);
}

/** The table over one store: owner and stranger, on Alice's session and on an id no session has. */
function strangerTable(open: () => SessionStore) {
  it.each(Object.entries(REFUSING))(
    '%s: a stranger on Alice’s session is told what anyone is told of an id no session has; nothing is written',
    async (name, way) => {
      const store = open();
      const desk = deskOn(store);
      const { slow } = await aliceSessions(desk);
      const before = await stored(store, way.session);
      const stranger = await answerOf(desk, way.data(way.session), MALLORY);
      expect(stranger).toEqual(STRANGER[name]);
      expect(await answerOf(desk, way.data(MISSING), MALLORY)).toEqual(stranger);
      expect(await answerOf(desk, way.data(MISSING), ALICE)).toEqual(stranger);
      expect(await stored(store, way.session)).toBe(before);
      expect(await stored(store, MISSING)).toBe('null');
      // The owner is served on her own session.
      expect(await answerOf(desk, way.data(way.session), ALICE)).toMatchObject(way.owner);
      desk.release.open();
      await slow.catch(() => undefined);
      await desk.agent.idle();
    },
  );

  it.each(Object.entries(CREATING))(
    '%s: a stranger on Alice’s session is refused and writes nothing; an id no session has is the caller’s new session',
    async (name, way) => {
      const store = open();
      const desk = deskOn(store);
      const { slow } = await aliceSessions(desk);
      const before = await stored(store, way.session);
      expect(await answerOf(desk, way.data(way.session), MALLORY)).toEqual(STRANGER[name]);
      expect(await stored(store, way.session)).toBe(before);
      expect(await answerOf(desk, way.data(MISSING), MALLORY)).toMatchObject({ status: expect.any(String) });
      expect((await store.load(MISSING, { fresh: true }))?.session.ownerUid).toBe(MALLORY.uid);
      expect(await answerOf(desk, way.data(way.session), ALICE)).toMatchObject(way.owner);
      desk.release.open();
      await slow.catch(() => undefined);
      await desk.agent.idle();
    },
  );
}

describe('onCallFlow: what a stranger learns of a session id (memory store)', () => {
  strangerTable(() => new InMemorySessionStore());
});

const host = firestoreEmulatorHost();
if (!host)
  console.warn('\n*** SKIPPED: what a stranger learns of a session id on Firestore — no Firestore emulator ***\n');
const backends = host ? firestoreStoreBackends(host, demoProjectId('strangers'), 'st') : undefined;

describe.skipIf(!host)('onCallFlow: what a stranger learns of a session id (Firestore emulator)', () => {
  strangerTable(() => (backends as NonNullable<typeof backends>).sdk().open());
});
