import { describe, expect, it } from 'vitest';
import { isKitError } from '../../errors/index.js';
import { scriptedModel } from '../../models/scripted/index.js';
import { type ConformanceBackend, uniqueId } from '../../session/test-utils/session-store-conformance.js';
import type { Agent } from '../agent.js';
import { defineAgent } from '../define-agent.js';
import { echoModel, effects, gate, manualClock, toolThenAnswer, transferTool, userTexts } from './agent-fixtures.js';

const codeOf = (error: unknown): string | undefined => (isKitError(error) ? error.code : undefined);

function agentContract(backend: () => ConformanceBackend): void {
  it('runs exactly one of two concurrent sends when both name one session', async () => {
    const be = backend();
    const held = gate();
    const model = echoModel({
      before: async (call) => {
        if (call === 2) await held.promise;
      },
    });
    // Two instances (each its own cache): one warm, one cold.
    const agent = defineAgent({ name: 'shop', model, store: be.open() });
    const other = defineAgent({ name: 'shop', model, store: be.open() });
    const first = await agent.send(undefined, { message: 'hello' }, { uid: 'alice' });
    const a = agent.send(first.sessionId, { message: 'one' }, { uid: 'alice' });
    const b = other.send(first.sessionId, { message: 'two' }, { uid: 'alice' });
    const loser = await Promise.race(
      [a, b].map((p) =>
        p.then(
          () => undefined,
          (e: unknown) => e,
        ),
      ),
    );
    expect(codeOf(loser)).toBe('aborted');
    held.open();
    const settled = await Promise.allSettled([a, b]);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    expect(model.requests).toHaveLength(2);
    const stored = (await be.open().load(first.sessionId))!.session;
    expect(userTexts(stored.history)).toHaveLength(2);
    expect(stored.status).toBe('idle');
  });

  it('runs the tool once when ten resumes of one interrupt arrive together', async () => {
    const be = backend();
    const record = effects();
    const tools = [transferTool(record)];
    const model = toolThenAnswer('transfer', { cents: 500 });
    // Ten instances, each its own cache, all resuming at once.
    const agents = Array.from({ length: 10 }, () => defineAgent({ name: 'shop', model, tools, store: be.open() }));
    const asked = await (agents[0] as Agent).send(undefined, { message: 'send 5 euros' }, { uid: 'alice' });
    const ref = asked.interrupts[0]?.ref as string;
    expect(asked.status).toBe('interrupted');
    const resumes = agents.map((agent) =>
      agent.send(asked.sessionId, { resume: { restart: [{ ref, name: 'transfer' }] } }, { uid: 'alice' }),
    );
    const settled = await Promise.allSettled(resumes);
    const done = settled.filter((s) => s.status === 'fulfilled');
    expect(done).toHaveLength(1);
    for (const s of settled)
      if (s.status === 'rejected') expect(['aborted', 'failed-precondition']).toContain(codeOf(s.reason));
    expect(record.runs).toBe(1);
    expect((await be.open().load(asked.sessionId))?.session.status).toBe('idle');
  });

  it('keeps every turn when a second instance with a stale cache writes after the first', async () => {
    const be = backend();
    const a = defineAgent({ name: 'shop', model: echoModel(), store: be.open() });
    const b = defineAgent({ name: 'shop', model: echoModel(), store: be.open() });
    const first = await a.send(undefined, { message: 'one' }, { uid: 'alice' });
    await b.send(first.sessionId, { message: 'two' }, { uid: 'alice' });
    // `a` still caches the session as it was after 'one'.
    const third = await a.send(first.sessionId, { message: 'three' }, { uid: 'alice' });
    expect(third.text).toBe('echo: three');
    const stored = (await be.open().load(first.sessionId))!.session;
    expect(userTexts(stored.history)).toEqual(['one', 'two', 'three']);
    expect(stored.history).toHaveLength(6);
  });

  it('lets another call take the session over when the lease of a hung turn has expired', async () => {
    const be = backend();
    const clock = manualClock();
    const hung = gate();
    const entered = gate();
    const slow = echoModel({
      before: async () => {
        entered.open();
        await hung.promise;
      },
    });
    const config = { name: 'shop', clock: clock.now, leaseMs: 30_000 };
    const a = defineAgent({ ...config, model: slow, store: be.open() });
    const b = defineAgent({ ...config, model: echoModel(), store: be.open() });
    const first = a.send(undefined, { message: 'hi' }, { uid: 'alice', requestId: 'req-1' });
    await entered.promise;
    const blocked = await b.send(undefined, { message: 'hi' }, { uid: 'alice', requestId: 'req-1' }).catch((e) => e);
    expect(codeOf(blocked)).toBe('aborted');
    clock.advance(30_001);
    const taken = await b.send(undefined, { message: 'hi' }, { uid: 'alice', requestId: 'req-1' });
    expect(taken.text).toBe('echo: hi');
    hung.open();
    await expect(first).rejects.toMatchObject({ code: 'aborted' });
    const stored = (await be.open().load(taken.sessionId))!.session;
    expect(userTexts(stored.history)).toEqual(['hi']);
    expect(stored.history).toHaveLength(2);
    expect(stored.status).toBe('idle');
  });

  it('returns the first result without running again when a call repeats its request id', async () => {
    const be = backend();
    const model = echoModel();
    const agent = defineAgent({ name: 'shop', model, store: be.open() });
    const first = await agent.send(undefined, { message: 'hi' }, { uid: 'alice', requestId: 'same' });
    const again = await agent.send(undefined, { message: 'hi' }, { uid: 'alice', requestId: 'same' });
    const other = defineAgent({ name: 'shop', model, store: be.open() });
    const third = await other.send(first.sessionId, { message: 'hi' }, { uid: 'alice', requestId: 'same' });
    expect(again).toEqual(first);
    expect(third).toEqual(first);
    expect(model.requests).toHaveLength(1);
  });
}

/** The session ids a first call may bring: created for a message, owned by its caller, nobody else's to learn of. */
function ownIdContract(backend: () => ConformanceBackend): void {
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => expect.unreachable('the call was refused'),
      (e: unknown) => e,
    );

  it('creates the session under the caller’s own id when a first message brings one, and nothing for a resume (NOT_OWNER) or a stop', async () => {
    const be = backend();
    const agent = defineAgent({ name: 'shop', model: echoModel(), store: be.open() });
    const id = uniqueId('own');
    const answered = await agent.send(id, { message: 'hi' }, { uid: 'alice' });
    expect(answered).toMatchObject({ sessionId: id, text: 'echo: hi' });
    expect((await be.open().load(id))?.session).toMatchObject({ ownerUid: 'alice', agent: 'shop', status: 'idle' });
    const absent = uniqueId('absent');
    const resume = { resume: { decline: [{ ref: 'r', name: 'transfer' }] } };
    // A session that doesn't exist is refused as another user's is: nobody learns whether an id exists.
    for (const refused of [agent.send(absent, resume, { uid: 'alice' }), agent.stop(absent, { uid: 'alice' })]) {
      expect(await refusal(refused)).toMatchObject({ code: 'permission-denied', details: { reason: 'NOT_OWNER' } });
    }
    expect(await be.open().load(absent)).toBeUndefined();
  });

  it('refuses another user’s session id with NOT_OWNER, saying nothing of the session, whatever its agent', async () => {
    const be = backend();
    const shop = defineAgent({ name: 'shop', model: echoModel(), store: be.open() });
    const billing = defineAgent({ name: 'billing', model: echoModel(), store: be.open() });
    const id = uniqueId('theirs');
    await billing.send(id, { message: 'mine' }, { uid: 'alice' });
    const before = await be.open().load(id);
    for (const call of [
      () => shop.send(id, { message: 'hi' }, { uid: 'mallory' }),
      () => billing.send(id, { message: 'hi' }, { uid: 'mallory' }),
      () => shop.stop(id, { uid: 'mallory' }),
    ]) {
      const error = (await refusal(call())) as { code: string; message: string; details: unknown };
      expect(error).toMatchObject({ code: 'permission-denied' });
      expect(error.details).toEqual({ reason: 'NOT_OWNER' });
      expect(error.message).not.toMatch(/billing|idle|mine/);
    }
    expect((await be.open().load(id))?.session).toEqual(before?.session);
  });

  it('runs one of two first calls bringing the same new id at once; the other is a second call, busy, naming the session', async () => {
    const be = backend();
    const held = gate();
    const entered = gate();
    const model = echoModel({
      before: async () => {
        entered.open();
        await held.promise;
      },
    });
    // Two instances, each its own cache: the store's create decides.
    const a = defineAgent({ name: 'shop', model, store: be.open() });
    const b = defineAgent({ name: 'shop', model, store: be.open() });
    const id = uniqueId('race');
    const calls = [
      a.send(id, { message: 'one' }, { uid: 'alice', requestId: 'req-a' }),
      b.send(id, { message: 'two' }, { uid: 'alice', requestId: 'req-b' }),
    ];
    const loser = await Promise.race(
      calls.map((p) =>
        p.then(
          () => undefined,
          (e: unknown) => e,
        ),
      ),
    );
    expect(loser).toMatchObject({ code: 'aborted', details: { reason: 'SESSION_BUSY', sessionId: id } });
    await entered.promise;
    held.open();
    const settled = await Promise.allSettled(calls);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    const stored = (await be.open().load(id))!.session;
    expect(userTexts(stored.history)).toHaveLength(1);
    expect(stored).toMatchObject({ ownerUid: 'alice', status: 'idle' });
  });

  it('names the session in a first call’s error when its model throws a plain Error, and in a retry that finds it busy', async () => {
    const be = backend();
    const held = gate();
    const entered = gate();
    const failing = scriptedModel(async () => {
      entered.open();
      await held.promise;
      throw new Error('the model fell over');
    });
    const agent = defineAgent({ name: 'shop', model: failing, store: be.open() });
    const first = agent.send(undefined, { message: 'hi' }, { uid: 'alice', requestId: 'first' });
    await entered.promise;
    const busy = await refusal(agent.send(undefined, { message: 'hi' }, { uid: 'alice', requestId: 'first' }));
    expect(busy).toMatchObject({ code: 'aborted', details: { reason: 'SESSION_BUSY' } });
    const sessionId = (busy as { details: { sessionId?: unknown } }).details.sessionId;
    expect(typeof sessionId).toBe('string');
    held.open();
    expect(await refusal(first)).toMatchObject({
      code: 'internal',
      message: 'the model fell over',
      details: { sessionId },
    });
    expect((await be.open().load(sessionId as string))?.session).toMatchObject({ ownerUid: 'alice', status: 'failed' });
  });
}

/**
 * The behaviour every `SessionStore` must have under an agent: run it against each
 * implementation with a backend whose `open()` gives store objects over shared data.
 */
export function describeAgentStoreConformance(name: string, backend: () => ConformanceBackend): void {
  describe(`${name} under defineAgent (SessionStore conformance)`, () => {
    agentContract(backend);
    ownIdContract(backend);
  });
}
