import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputDigest } from '../call-state/index.js';
import { KitError } from '../errors/index.js';
import type { GenerateResponseChunk } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import { defineInterrupt, defineTool } from '../tools/index.js';
import { defineAgent } from './define-agent.js';
import {
  chargeTool,
  echoModel,
  effects,
  manualClock,
  toolThenAnswer,
  transferTool,
  userTexts,
} from './test-utils/agent-fixtures.js';

const approve = defineInterrupt({
  name: 'approve',
  description: 'asks the user to approve',
  inputSchema: z.object({ what: z.string() }),
  outputSchema: z.object({ ok: z.boolean() }),
});

function setup() {
  const store = new InMemorySessionStore();
  const record = effects();
  return { store, record };
}

describe('defineAgent', () => {
  it('creates a session owned by the caller and answers when a call names no session', async () => {
    const { store } = setup();
    const agent = defineAgent({ name: 'shop', model: echoModel(), store });
    const result = await agent.send(undefined, { message: 'hi' }, { uid: 'alice' });
    expect(result).toMatchObject({ status: 'done', finishReason: 'stop', text: 'echo: hi', interrupts: [] });
    const session = (await store.load(result.sessionId))!.session;
    expect(session).toMatchObject({ ownerUid: 'alice', agent: 'shop', status: 'idle', version: 2 });
    expect(session.lease).toBeUndefined();
    expect(session.expireAt).toBeGreaterThan(session.updatedAt);
  });

  it('keeps the conversation across calls without storing the system prompt', async () => {
    const { store } = setup();
    const model = echoModel();
    const agent = defineAgent({ name: 'shop', model, system: 'be brief', store });
    const first = await agent.send(undefined, { message: 'one' }, { uid: 'alice' });
    await agent.send(first.sessionId, { message: 'two' }, { uid: 'alice' });
    const second = model.requests[1]!;
    expect(second.messages.map((m) => m.role)).toEqual(['system', 'user', 'model', 'user']);
    const session = (await store.load(first.sessionId))!.session;
    expect(session.history.map((m) => m.role)).toEqual(['user', 'model', 'user', 'model']);
  });

  it('refuses with permission-denied when another uid names the session', async () => {
    const agent = defineAgent({ name: 'shop', model: echoModel(), store: setup().store });
    const { sessionId } = await agent.send(undefined, { message: 'hi' }, { uid: 'alice' });
    await expect(agent.send(sessionId, { message: 'hi' }, { uid: 'mallory' })).rejects.toMatchObject({
      code: 'permission-denied',
    });
  });

  it('refuses a resume on a session no one has as it refuses a stranger: whether an id exists is not told', async () => {
    const { store } = setup();
    const agent = defineAgent({ name: 'shop', model: echoModel(), store });
    const resume = { resume: { decline: [{ ref: 'r', name: 'transfer' }] } };
    const missing = await agent.send('nope', resume, { uid: 'alice' }).catch((error: unknown) => error);
    const owned = await agent.send(undefined, { message: 'hi' }, { uid: 'bob' });
    const strangers = await agent.send(owned.sessionId, resume, { uid: 'alice' }).catch((error: unknown) => error);
    expect(missing).toMatchObject({ code: 'permission-denied', reason: 'NOT_OWNER' });
    expect(strangers).toMatchObject({ code: 'permission-denied', reason: 'NOT_OWNER' });
    expect(await store.load('nope')).toBeUndefined();
  });

  it.each([
    ['a path', 'a/b'],
    ['too long', 'x'.repeat(129)],
    ['empty', ''],
    ['a reserved id', '__name__'],
  ])(
    'refuses a session id that is %s with INVALID_FIELD, naming sessionId, for a direct send and stop',
    async (_what, id) => {
      const { store } = setup();
      const agent = defineAgent({ name: 'shop', model: echoModel(), store });
      const refused = { code: 'invalid-argument', details: { reason: 'INVALID_FIELD', field: 'sessionId' } };
      await expect(agent.send(id, { message: 'hi' }, { uid: 'alice' })).rejects.toMatchObject(refused);
      await expect(agent.stop(id, { uid: 'alice' })).rejects.toMatchObject(refused);
    },
  );

  it('refuses with invalid-argument when the payload is malformed', async () => {
    const agent = defineAgent({ name: 'shop', model: echoModel(), store: setup().store });
    const ctx = { uid: 'alice' };
    await expect(agent.send('a/b', { message: 'hi' }, ctx)).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(agent.send(undefined, { message: '  ' }, ctx)).rejects.toMatchObject({ code: 'invalid-argument' });
    const both = { message: 'hi', resume: {} } as unknown as { message: string };
    await expect(agent.send(undefined, both, ctx)).rejects.toMatchObject({ code: 'invalid-argument' });
    const badPart = { message: [{ bogus: 1 }] } as unknown as { message: string };
    await expect(agent.send(undefined, badPart, ctx)).rejects.toMatchObject({ code: 'invalid-argument' });
  });

  it('refuses with failed-precondition when a session of another agent is named', async () => {
    const { store } = setup();
    const shop = defineAgent({ name: 'shop', model: echoModel(), store });
    const bank = defineAgent({ name: 'bank', model: echoModel(), store });
    const { sessionId } = await shop.send(undefined, { message: 'hi' }, { uid: 'alice' });
    await expect(bank.send(sessionId, { message: 'hi' }, { uid: 'alice' })).rejects.toMatchObject({
      code: 'failed-precondition',
    });
  });

  it('answers an interrupt from the stored request when the client responds by ref', async () => {
    const { store } = setup();
    const model = toolThenAnswer('approve', { what: 'refund order A-7' });
    const agent = defineAgent({ name: 'shop', model, tools: [approve], store });
    const asked = await agent.send(undefined, { message: 'refund A-7' }, { uid: 'alice' });
    expect(asked).toMatchObject({ status: 'interrupted', finishReason: 'interrupted' });
    expect(asked.interrupts).toEqual([
      {
        ref: expect.any(String),
        name: 'approve',
        input: { what: 'refund order A-7' },
        metadata: true,
        inputDigest: inputDigest({ what: 'refund order A-7' }),
      },
    ]);
    const stored = (await store.load(asked.sessionId))!.session;
    expect(stored.status).toBe('interrupted');
    expect(stored.interrupts).toHaveLength(1);
    const ref = asked.interrupts[0]!.ref;
    const done = await agent.send(
      asked.sessionId,
      { resume: { respond: [{ ref, name: 'approve', output: { ok: true } }] } },
      { uid: 'alice' },
    );
    expect(done).toMatchObject({ status: 'done', text: 'done: [{"ok":true}]' });
  });

  it('refuses a resume without writing when it names an unknown ref or the wrong tool', async () => {
    const { store } = setup();
    const agent = defineAgent({
      name: 'shop',
      model: toolThenAnswer('approve', { what: 'x' }),
      tools: [approve],
      store,
    });
    const asked = await agent.send(undefined, { message: 'go' }, { uid: 'alice' });
    const version = (await store.load(asked.sessionId))!.session.version;
    const ref = asked.interrupts[0]!.ref;
    const send = (resume: Parameters<typeof agent.send>[1]) => agent.send(asked.sessionId, resume, { uid: 'alice' });
    await expect(
      send({ resume: { respond: [{ ref: 'nope', name: 'approve', output: { ok: true } }] } }),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(send({ resume: { respond: [{ ref, name: 'other', output: { ok: true } }] } })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    await expect(
      send({ resume: { respond: [{ ref, name: 'approve', output: { ok: 'yes' } }] } }),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(send({ resume: { restart: [{ ref, name: 'approve' }] } })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    expect((await store.load(asked.sessionId))!.session).toMatchObject({ version, status: 'interrupted' });
  });

  it('refuses with failed-precondition when a resume names a session that waits for nothing', async () => {
    const agent = defineAgent({ name: 'shop', model: echoModel(), store: setup().store });
    const { sessionId } = await agent.send(undefined, { message: 'hi' }, { uid: 'alice' });
    await expect(
      agent.send(sessionId, { resume: { respond: [{ ref: 'r', name: 'x', output: 1 }] } }, { uid: 'alice' }),
    ).rejects.toMatchObject({ code: 'failed-precondition' });
    await expect(agent.send(undefined, { resume: { respond: [] } }, { uid: 'alice' })).rejects.toMatchObject({
      code: 'failed-precondition',
    });
  });

  it('refuses a new message with failed-precondition when the session waits for answers', async () => {
    const agent = defineAgent({
      name: 'shop',
      model: toolThenAnswer('approve', { what: 'x' }),
      tools: [approve],
      store: setup().store,
    });
    const asked = await agent.send(undefined, { message: 'go' }, { uid: 'alice' });
    await expect(agent.send(asked.sessionId, { message: 'hello?' }, { uid: 'alice' })).rejects.toMatchObject({
      code: 'failed-precondition',
    });
  });

  it('says the approval expired when a resume names an expired interrupt, and lets a new message go on', async () => {
    const { store, record } = setup();
    const model = scriptedModel((request) => {
      const last = request.messages.at(-1)!;
      if (last.role === 'user' && userTexts([last])[0] === 'send 5') {
        return {
          message: { role: 'model', content: [{ toolRequest: { name: 'transfer', input: { cents: 500 } } }] },
          finishReason: 'stop',
        };
      }
      return `saw ${request.messages.map((m) => m.role).join(',')}`;
    });
    const agent = defineAgent({ name: 'bank', model, tools: [transferTool(record)], store });
    const asked = await agent.send(undefined, { message: 'send 5' }, { uid: 'alice' });
    const loaded = (await store.load(asked.sessionId))!;
    await store.write(loaded, { ...loaded.session, status: 'expired', version: loaded.session.version + 1 });
    const ref = asked.interrupts[0]!.ref;
    await expect(
      agent.send(asked.sessionId, { resume: { restart: [{ ref, name: 'transfer' }] } }, { uid: 'alice' }),
    ).rejects.toThrow(/approval expired/);
    const next = await agent.send(asked.sessionId, { message: 'never mind' }, { uid: 'alice' });
    expect(next.text).toBe('saw user,model,tool,user');
    expect(record.runs).toBe(0);
    const session = (await store.load(asked.sessionId))!.session;
    expect(session.status).toBe('idle');
    expect(session.history[2]?.content[0]).toMatchObject({
      toolResponse: { name: 'transfer', output: { error: expect.stringMatching(/expired/) } },
    });
  });

  it('keeps answered calls pending when a resume answers only some interrupts', async () => {
    const { store } = setup();
    const model = scriptedModel([
      {
        message: {
          role: 'model',
          content: [
            { toolRequest: { name: 'approve', ref: 'a', input: { what: 'one' } } },
            { toolRequest: { name: 'approve', ref: 'b', input: { what: 'two' } } },
          ],
        },
        finishReason: 'stop',
      },
      'both approved',
    ]);
    const agent = defineAgent({ name: 'shop', model, tools: [approve], store });
    const asked = await agent.send(undefined, { message: 'go' }, { uid: 'alice' });
    const half = await agent.send(
      asked.sessionId,
      { resume: { respond: [{ ref: 'a', name: 'approve', output: { ok: true } }] } },
      { uid: 'alice' },
    );
    expect(half.status).toBe('interrupted');
    expect(half.interrupts.map((i) => i.ref)).toEqual(['b']);
    const round = (await store.load(asked.sessionId))!.session.history.at(-1)?.content;
    expect(round?.map((p) => 'toolRequest' in p && [p.toolRequest.ref, p.metadata?.answer])).toEqual([
      ['a', 'respond'],
      ['b', undefined],
    ]);
    const done = await agent.send(
      asked.sessionId,
      { resume: { respond: [{ ref: 'b', name: 'approve', output: { ok: false } }] } },
      { uid: 'alice' },
    );
    expect(done.text).toBe('both approved');
  });

  it('runs a restarted call with the stored input when the client sends no replacement', async () => {
    const { store, record } = setup();
    const agent = defineAgent({
      name: 'bank',
      model: toolThenAnswer('transfer', { cents: 500 }),
      tools: [transferTool(record)],
      store,
    });
    const asked = await agent.send(undefined, { message: 'send' }, { uid: 'alice' });
    const ref = asked.interrupts[0]!.ref;
    const done = await agent.send(
      asked.sessionId,
      { resume: { restart: [{ ref, name: 'transfer' }] } },
      { uid: 'alice' },
    );
    expect(done.text).toBe('done: [{"done":true,"cents":500}]');
    expect([...record.applied.values()]).toEqual([{ cents: 500 }]);
  });

  it('answers the calls a turn stopped by maxTurns left open when the next message comes', async () => {
    const { store, record } = setup();
    const model = scriptedModel((request) => {
      const last = request.messages.at(-1)!;
      if (last.role === 'user' && userTexts([last])[0] === 'next')
        return `saw ${request.messages.map((m) => m.role).join(',')}`;
      return {
        message: { role: 'model', content: [{ toolRequest: { name: 'charge', input: { orderId: 'A', cents: 1 } } }] },
        finishReason: 'stop',
      };
    });
    const agent = defineAgent({ name: 'shop', model, tools: [chargeTool(record)], maxTurns: 1, store });
    const stopped = await agent.send(undefined, { message: 'loop' }, { uid: 'alice' });
    expect(stopped.finishReason).toBe('aborted');
    const next = await agent.send(stopped.sessionId, { message: 'next' }, { uid: 'alice' });
    expect(next.text).toBe('saw user,model,tool,model,tool,user');
    const history = (await store.load(stopped.sessionId))!.session.history;
    expect(history[4]?.content[0]).toMatchObject({
      toolResponse: { name: 'charge', output: { error: expect.stringMatching(/not run/) } },
    });
    expect(record.runs).toBe(1);
  });

  it('streams model and tool chunks to onChunk when the caller streams', async () => {
    const { store, record } = setup();
    const agent = defineAgent({
      name: 'shop',
      model: toolThenAnswer('charge', { orderId: 'A', cents: 1 }),
      tools: [chargeTool(record)],
      store,
    });
    const chunks: GenerateResponseChunk[] = [];
    await agent.send(undefined, { message: 'go' }, { uid: 'alice', onChunk: (c) => chunks.push(c) });
    expect(chunks.map((c) => c.role)).toContain('tool');
    expect(chunks.at(-1)?.content).toEqual([{ text: '[{"charged":1,"orderId":"A"}]' }]);
  });

  it('never stores what the caller passes as context when tools read secrets from it', async () => {
    const { store } = setup();
    const seen: unknown[] = [];
    const whoami = defineTool({ name: 'whoami', description: 'd' }, (_input, ctx) => {
      seen.push(ctx.context.apiKey);
      return 'ok';
    });
    const agent = defineAgent({ name: 'shop', model: toolThenAnswer('whoami', {}), tools: [whoami], store });
    const result = await agent.send(
      undefined,
      { message: 'go' },
      { uid: 'alice', context: { apiKey: 'sk-secret-123' } },
    );
    expect(seen).toEqual(['sk-secret-123']);
    expect(JSON.stringify((await store.load(result.sessionId))!.session)).not.toContain('sk-secret-123');
  });

  it('replays a large result from history when its text was too large to keep twice', async () => {
    const { store } = setup();
    const big = 'z'.repeat(40_000);
    const model = echoModel();
    const agent = defineAgent({ name: 'shop', model, store });
    const first = await agent.send(undefined, { message: big }, { uid: 'alice', requestId: 'big' });
    const session = (await store.load(first.sessionId))!.session;
    expect(session.results[0]?.textAt).toBe(1);
    const fresh = defineAgent({ name: 'shop', model, store });
    expect(await fresh.send(undefined, { message: big }, { uid: 'alice', requestId: 'big' })).toEqual(first);
    expect(model.requests).toHaveLength(1);
  });

  it('keeps only the newest results when more calls carried request ids', async () => {
    const { store } = setup();
    const agent = defineAgent({ name: 'shop', model: echoModel(), store, keepResults: 3 });
    const { sessionId } = await agent.send(undefined, { message: 'm0' }, { uid: 'alice', requestId: 'q0' });
    for (let i = 1; i < 6; i++) await agent.send(sessionId, { message: `m${i}` }, { uid: 'alice', requestId: `q${i}` });
    expect((await store.load(sessionId))!.session.results.map((r) => r.requestId)).toEqual(['q3', 'q4', 'q5']);
  });

  it('stores the session failed with the error cancelled, and completes the turn on retry, when the caller aborts mid-turn', async () => {
    const { store } = setup();
    const controller = new AbortController();
    const slow = defineAgent({ name: 'shop', model: scriptedModel('late', { delayMs: 60_000 }), store });
    const pending = slow.send(
      undefined,
      { message: 'hi' },
      { uid: 'alice', requestId: 'x', signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 20);
    const error = await pending.catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'aborted', details: { reason: 'CANCELLED', sessionId: expect.any(String) } });
    const failed = (await store.load((error as KitError).details?.sessionId as string))!.session;
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'cancelled' } });
    expect(failed.lease).toBeUndefined();
    expect(userTexts(failed.history)).toEqual(['hi']);
    const fresh = defineAgent({ name: 'shop', model: echoModel(), store });
    const retry = await fresh.send(undefined, { message: 'hi' }, { uid: 'alice', requestId: 'x' });
    expect(retry.text).toBe('echo: hi');
    const session = (await store.load(retry.sessionId))!.session;
    expect(userTexts(session.history)).toEqual(['hi']);
    expect(session.error).toBeUndefined();
  });

  it('records the failure on the session when a turn fails', async () => {
    const { store } = setup();
    const broken = scriptedModel(() => {
      throw new KitError('resource-exhausted', 'quota');
    });
    const agent = defineAgent({ name: 'shop', model: broken, store });
    const error = await agent.send(undefined, { message: 'hi' }, { uid: 'alice', requestId: 'f' }).catch((e) => e);
    expect(error).toMatchObject({ code: 'resource-exhausted', details: { sessionId: expect.any(String) } });
    const failed = (await store.load(error.details.sessionId))!.session;
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'resource-exhausted', message: 'quota' } });
    expect(failed.lease).toBeUndefined();
    const fresh = defineAgent({ name: 'shop', model: echoModel(), store, clock: manualClock(Date.now()).now });
    const retried = await fresh.send(undefined, { message: 'hi' }, { uid: 'alice', requestId: 'f' });
    expect(retried.text).toBe('echo: hi');
  });
});
