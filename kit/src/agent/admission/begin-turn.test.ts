import type { Resume } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../model/index.js';
import { scriptedModel } from '../../models/scripted/index.js';
import { emptySession } from '../../session/empty-session.js';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import { rejection } from '../../test-utils/kit-test-helpers.js';
import { resolveAgent } from '../runtime/index.js';
import { manualClock } from '../test-utils/agent-fixtures.js';
import type { AgentTurnResult } from '../turn/index.js';
import { type BeginRequest, beginTurn } from './begin-turn.js';

const user = (text: string): Message => ({ role: 'user', content: [{ text }] });

/** What a test changes of the first message `setup`'s request builds (a `resume` makes it a resume). */
interface RequestOver {
  sessionId?: string;
  uid?: string;
  now?: number;
  resume?: Resume;
}

function setup() {
  const store = new InMemorySessionStore();
  const clock = manualClock();
  const rt = resolveAgent({
    name: 'chat',
    model: scriptedModel([]),
    store,
    cache: false,
    clock: clock.now,
    leaseMs: 10_000,
  });
  const request = (over: RequestOver = {}): BeginRequest => {
    const { resume, ...rest } = over;
    const from = { sessionId: undefined, uid: 'u', requestId: 'r1', now: clock.now(), ...rest };
    return resume ? { ...from, kind: 'resume', resume } : { ...from, kind: 'message', message: user('hi') };
  };
  return { store, clock, rt, request };
}

const startedOf = (start: Awaited<ReturnType<typeof beginTurn>>) => {
  if (!('started' in start)) throw new Error('expected a started turn');
  return start.started;
};

describe('beginTurn', () => {
  it('creates the session with the lease and the user message in one write when a first call comes', async () => {
    const { rt, store, request } = setup();
    const turn = startedOf(await beginTurn(rt, request()));
    expect(turn.kind).toBe('message');
    const stored = await store.load(turn.record.session.id);
    expect(stored?.session).toMatchObject({ status: 'running', ownerUid: 'u', agent: 'chat', history: [user('hi')] });
    expect(stored?.session.lease?.expiresAt).toBeGreaterThan(request().now);
  });

  it('retries in the session its first attempt created when a first call comes again after the lease lapsed', async () => {
    const { rt, clock, request } = setup();
    const first = startedOf(await beginTurn(rt, request()));
    clock.advance(11_000);
    const again = startedOf(await beginTurn(rt, request({ now: clock.now() })));
    expect(again.record.session.id).toBe(first.record.session.id);
    expect(again.kind).toBe('retry');
  });

  it('gives the stored result without taking the lease when the request id already finished', async () => {
    const { rt, store, clock, request } = setup();
    const result: AgentTurnResult = {
      sessionId: 's1',
      status: 'done',
      finishReason: 'stop',
      text: 'done before',
      interrupts: [],
      usage: {},
    };
    const session = {
      ...emptySession({ id: 's1', ownerUid: 'u', agent: 'chat', now: clock.now() }),
      history: [user('hi'), { role: 'model' as const, content: [{ text: 'done before' }] }],
      results: [{ requestId: 'r1', result, at: clock.now() }],
    };
    await store.create(session);
    const start = await beginTurn(rt, request({ sessionId: 's1' }));
    expect(start).toEqual({ replay: result });
    expect((await store.load('s1'))?.session.version).toBe(0);
  });

  it.each([
    ['NOT_OWNER', 'permission-denied', { sessionId: 'nope', resume: { decline: [{ ref: 'a', name: 'b' }] } }],
    ['NOT_OWNER', 'permission-denied', { sessionId: 's1', uid: 'mallory' }],
    ['WRONG_AGENT', 'failed-precondition', { sessionId: 'other' }],
  ] as [string, string, RequestOver][])(
    'refuses with %s when the session is not this caller’s to use',
    async (reason, code, over) => {
      const { rt, store, clock, request } = setup();
      await store.create(emptySession({ id: 's1', ownerUid: 'u', agent: 'chat', now: clock.now() }));
      await store.create(emptySession({ id: 'other', ownerUid: 'u', agent: 'billing', now: clock.now() }));
      expect(await rejection(beginTurn(rt, request(over)))).toMatchObject({ code, details: { reason } });
    },
  );

  it("tells a stranger the same for a session that doesn't exist as for another user's, through send and as an approver", async () => {
    const { rt, store, clock, request } = setup();
    await store.create(emptySession({ id: 's1', ownerUid: 'u', agent: 'chat', now: clock.now() }));
    const decline = { decline: [{ ref: 'a', name: 'b' }] };
    const asked = (sessionId: string, approvers: boolean): BeginRequest => {
      const over = request({ sessionId, uid: 'mallory', resume: decline });
      return approvers ? ({ ...over, answerer: { token: {}, approvers } } as BeginRequest) : over;
    };
    for (const approvers of [false, true]) {
      const theirs = (await rejection(beginTurn(rt, asked('s1', approvers)))) as Error & { details?: unknown };
      const none = (await rejection(beginTurn(rt, asked('nope', approvers)))) as Error & { details?: unknown };
      expect(theirs).toMatchObject({ code: 'permission-denied' });
      expect({ code: (none as { code?: string }).code, details: none.details }).toEqual({
        code: (theirs as { code?: string }).code,
        details: theirs.details,
      });
      expect(none.message.replace('nope', 's1')).toBe(theirs.message);
    }
    expect(await store.load('nope')).toBeUndefined();
  });

  it('refuses with SESSION_NOT_FOUND when the continuation names a session that does not exist', async () => {
    const { rt } = setup();
    const continuation: BeginRequest = { kind: 'continuation', sessionId: 'nope', leaseId: 'l1', now: 0 };
    expect((await rejection(beginTurn(rt, continuation))).details).toMatchObject({ reason: 'SESSION_NOT_FOUND' });
  });

  it('refuses with NOTHING_TO_RESUME when a resume names no session', async () => {
    const { rt, request } = setup();
    const resume = request({ resume: { decline: [{ ref: 'a', name: 'b' }] } });
    expect((await rejection(beginTurn(rt, resume))).details).toEqual({ reason: 'NOTHING_TO_RESUME' });
  });

  it('creates the session under the id a first message brings, owned by its caller', async () => {
    const { rt, store, request } = setup();
    const turn = startedOf(await beginTurn(rt, request({ sessionId: 'mine-1' })));
    expect(turn.record.session).toMatchObject({
      id: 'mine-1',
      ownerUid: 'u',
      status: 'running',
      history: [user('hi')],
    });
    expect((await store.load('mine-1'))?.session.version).toBe(1);
  });

  it('names the session in SESSION_BUSY when a first call with no id of its own comes again while it runs', async () => {
    const { rt, request } = setup();
    const first = startedOf(await beginTurn(rt, request()));
    expect(await rejection(beginTurn(rt, request()))).toMatchObject({
      details: { reason: 'SESSION_BUSY', sessionId: first.record.session.id },
    });
  });

  it('takes the lease of an idle session with a compare-and-set write when a message comes', async () => {
    const { rt, store, clock, request } = setup();
    await store.create(emptySession({ id: 's1', ownerUid: 'u', agent: 'chat', now: clock.now() }));
    const turn = startedOf(await beginTurn(rt, request({ sessionId: 's1' })));
    expect(turn.record.session).toMatchObject({ status: 'running', version: 1, turns: 1 });
    expect(turn.record.session.lease).toBeDefined();
  });
});
