import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { GenerateRequest, Message, ModelRunnerResponse, ToolResponsePart } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import type { SessionStore } from '../session/session-store.js';
import { FlakyStore } from '../session/test-utils/flaky-store.js';
import { rejection } from '../test-utils/kit-test-helpers.js';
import { defineTool } from '../tools/index.js';
import type { Agent } from './agent.js';
import { type ContinuationOptions, MemoryContinuationQueue } from './continuation-queue/index.js';
import { defineAgent } from './define-agent.js';
import { HandoffOutputSchema, handoffOf, handoffTo, MAX_HANDOFFS_PER_TURN } from './handoff/index.js';
import type { WhileBusy } from './runtime/index.js';
import { effects, gate, manualClock, transferTool, userTexts } from './test-utils/agent-fixtures.js';
import type { AgentTurnResult } from './turn/index.js';

const alice = { uid: 'alice' };
const LEASE_MS = 30_000;

const call = (name: string, input: unknown = {}): ModelRunnerResponse => ({
  message: { role: 'model', content: [{ toolRequest: { name, input } }] },
  finishReason: 'stop',
  usage: { inputTokens: 1 },
});
const lastUser = (request: GenerateRequest): string => userTexts(request.messages).at(-1) ?? '';
const toolOutputs = (message: Message | undefined) =>
  (message?.content ?? []).map((p) => (p as ToolResponsePart).toolResponse?.output);

/**
 * A shop's front desk that hands refunds to a refunds agent, which asks a person before a
 * transfer and hands back on "back". Each model answers a hand-off's tool message as its first
 * words under the new agent, and says which agent spoke.
 */
function world(
  options: {
    store?: SessionStore;
    whileBusy?: WhileBusy;
    hold?: Promise<void>;
    frontCalls?: string[];
    pingPong?: boolean;
    continuation?: ContinuationOptions;
  } = {},
) {
  const inner = new InMemorySessionStore();
  const store = options.store ?? inner;
  const clock = manualClock();
  const record = effects();
  const started = gate();
  const frontSaw: GenerateRequest[] = [];
  const refundsSaw: GenerateRequest[] = [];
  const wait = defineTool(
    { name: 'wait', description: 'Takes its time.', inputSchema: z.object({}), sideEffects: 'idempotent' },
    async () => {
      started.open();
      await options.hold;
      return 'waited';
    },
  );
  const frontModel = scriptedModel((request) => {
    frontSaw.push(request);
    const last = request.messages.at(-1);
    if (last?.role === 'tool') {
      if (options.pingPong) return call('transfer_to_refunds');
      return `front: back with ${JSON.stringify(toolOutputs(last))}`;
    }
    return lastUser(request).includes('refund') ? call('transfer_to_refunds') : `front: ${lastUser(request)}`;
  });
  const refundsModel = scriptedModel((request) => {
    refundsSaw.push(request);
    const last = request.messages.at(-1);
    if (last?.role === 'tool') {
      const outputs = toolOutputs(last);
      if (options.pingPong) return call('transfer_to_front');
      if (outputs.some((o) => HandoffOutputSchema.safeParse(o).success) && lastUser(request).includes('refund')) {
        return call('transfer', { cents: 500 });
      }
      return `refunds: done ${JSON.stringify(outputs)}`;
    }
    const text = lastUser(request);
    if (text === 'back') return call('transfer_to_front');
    if (text === 'slow') return call('wait');
    return `refunds: ${text}`;
  });
  const common = {
    store,
    clock: clock.now,
    leaseMs: LEASE_MS,
    whileBusy: options.whileBusy ?? 'reject',
    ...(options.continuation ? { continuation: options.continuation } : {}),
  } as const;
  let refunds: Agent<WhileBusy> | undefined;
  const front = defineAgent({
    ...common,
    name: 'front',
    system: 'You are the front desk.',
    model: frontModel,
    tools: [handoffTo(() => refunds as Agent<WhileBusy>, { name: 'transfer_to_refunds' })],
  });
  refunds = defineAgent({
    ...common,
    name: 'refunds',
    system: 'You handle refunds.',
    model: refundsModel,
    tools: [transferTool(record), wait, handoffTo(front)],
  });
  return { front, refunds, inner, clock, record, started, frontSaw, refundsSaw };
}

async function sessionOf(store: SessionStore, id: string) {
  const session = (await store.load(id, { fresh: true }))?.session;
  if (!session) throw new Error(`no session ${id}`);
  return session;
}

/**
 * A first call ("a refund please", request id r1) whose instance dies at write `at` (`when`
 * before or after it lands), and another instance once the dead turn's lease lapsed.
 */
async function diedAt(crash: { at: number; when: 'before' | 'after' }) {
  const inner = new InMemorySessionStore();
  const first = world({ store: new FlakyStore(inner, { ...crash, mode: 'crash' }) });
  const error = await rejection(
    first.front.send(undefined, { message: 'a refund please' }, { ...alice, requestId: 'r1' }),
  );
  const sessionId = error.details?.sessionId as string;
  const next = world({ store: inner });
  next.clock.advance(LEASE_MS + 1);
  return { inner, sessionId, first, next };
}

describe('handoffTo', () => {
  it('hands the conversation to the agent it names, which answers in the same turn with its own prompt and model', async () => {
    const w = world();
    const result = await w.front.send(undefined, { message: 'hello' }, alice);
    const handed = await w.front.send(result.sessionId, { message: 'what about my order?' }, alice);
    expect(handed).toMatchObject({ text: 'front: what about my order?' });

    const refund = await w.front.send(result.sessionId, { message: 'I want a refund of order 1' }, alice);
    expect(refund).toMatchObject({ status: 'interrupted', interrupts: [{ name: 'transfer' }] });
    const session = await sessionOf(w.inner, result.sessionId);
    expect(session.agent).toBe('refunds');
    const asked = session.history.findLast((m) => handoffOf(m) !== undefined);
    expect(handoffOf(asked)).toEqual({ from: 'front', to: 'refunds', at: w.clock.now() });
    expect(asked?.content).toEqual([
      expect.objectContaining({ toolRequest: expect.objectContaining({ name: 'transfer_to_refunds' }) }),
    ]);
    // The model is told the hand-off as the tool's answer; the new agent sees the whole history under its own prompt.
    const seen = w.refundsSaw.at(-1) as GenerateRequest;
    expect(toolOutputs(seen.messages.findLast((m) => m.role === 'tool'))).toEqual([{ handedTo: 'refunds' }]);
    expect(userTexts(seen.messages)).toEqual(['hello', 'what about my order?', 'I want a refund of order 1']);
    expect(JSON.stringify(seen.messages[0])).toContain('You handle refunds.');
    expect(seen.tools?.map((t) => t.name).sort()).toEqual(['transfer', 'transfer_to_front', 'wait']);
    expect(w.frontSaw).toHaveLength(3);
  });

  it('serves the next calls on a handed-off session through the first agent’s callable under the agent in charge', async () => {
    const w = world();
    const { sessionId } = await w.front.send(undefined, { message: 'a refund please' }, alice);
    const waiting = await sessionOf(w.inner, sessionId);
    const ref = waiting.interrupts[0]?.toolRequest.ref as string;
    // The resume of the call waiting under the refunds agent, through the front desk's callable.
    const resumed = await w.front.answer(sessionId, { restart: [{ ref, name: 'transfer' }] }, alice);
    expect(resumed).toMatchObject({ status: 'done', text: 'refunds: done [{"done":true,"cents":500}]' });
    expect(w.record.runs).toBe(1);
    await expect(w.front.send(sessionId, { message: 'thanks' }, alice)).resolves.toMatchObject({
      text: 'refunds: thanks',
    });
    // The refunds agent's own callable serves the session as well.
    await expect(w.refunds.send(sessionId, { message: 'and?' }, alice)).resolves.toMatchObject({
      text: 'refunds: and?',
    });
  });

  it('hands back: the agent handed to hands the conversation on, and the first agent answers in the same turn', async () => {
    const w = world();
    const { sessionId } = await w.front.send(undefined, { message: 'a refund please' }, alice);
    const ref = (await sessionOf(w.inner, sessionId)).interrupts[0]?.toolRequest.ref as string;
    await w.front.answer(sessionId, { decline: [{ ref, name: 'transfer', reason: 'no' }] }, alice);
    const back = await w.front.send(sessionId, { message: 'back' }, alice);
    expect(back).toMatchObject({ text: 'front: back with [{"handedTo":"front"}]' });
    const session = await sessionOf(w.inner, sessionId);
    expect(session.agent).toBe('front');
    expect(session.history.flatMap((m) => handoffOf(m) ?? []).map((h) => `${h.from}>${h.to}`)).toEqual([
      'front>refunds',
      'refunds>front',
    ]);
  });

  it('ends a turn whose agents hand the conversation back and forth after MAX_HANDOFFS_PER_TURN hand-offs', async () => {
    const w = world({ pingPong: true });
    const result = await w.front.send(undefined, { message: 'refund?' }, alice);
    const session = await sessionOf(w.inner, result.sessionId);
    expect(session.history.flatMap((m) => handoffOf(m) ?? [])).toHaveLength(MAX_HANDOFFS_PER_TURN);
    // Every model call's usage counted once (each hand-off's call reports one input token).
    expect(w.frontSaw.length + w.refundsSaw.length).toBe(MAX_HANDOFFS_PER_TURN);
    expect((result as AgentTurnResult).usage.inputTokens).toBe(MAX_HANDOFFS_PER_TURN);
    expect(session.agent).toBe('front');
    expect(session.status).toBe('idle');
    expect(session.lease).toBeUndefined();
  });

  it('stops a turn running under the agent handed to, through the first agent’s callable', async () => {
    const hold = gate();
    const w = world({ hold: hold.promise });
    const { sessionId } = await w.front.send(undefined, { message: 'a refund please' }, alice);
    const ref = (await sessionOf(w.inner, sessionId)).interrupts[0]?.toolRequest.ref as string;
    await w.front.answer(sessionId, { decline: [{ ref, name: 'transfer' }] }, alice);
    const slow = w.front.send(sessionId, { message: 'slow' }, alice).catch((e: unknown) => e);
    await w.started.promise;
    await expect(w.front.stop(sessionId, alice)).resolves.toMatchObject({ sessionId });
    hold.open();
    await expect(slow).resolves.toMatchObject({ reason: 'STOPPED' });
    const session = await sessionOf(w.inner, sessionId);
    expect(session).toMatchObject({ agent: 'refunds', status: 'idle', outcome: { kind: 'stopped' } });
    await expect(w.front.send(sessionId, { message: 'again' }, alice)).resolves.toMatchObject({
      text: 'refunds: again',
    });
  });

  it('queues a message behind a turn running under the agent handed to, withdraws one, and answers the rest under it', async () => {
    const hold = gate();
    const w = world({ hold: hold.promise, whileBusy: 'queue' });
    const { sessionId } = await w.front.send(undefined, { message: 'a refund please' }, alice);
    const ref = (await sessionOf(w.inner, sessionId)).interrupts[0]?.toolRequest.ref as string;
    await w.front.answer(sessionId, { decline: [{ ref, name: 'transfer' }] }, alice);
    const slow = w.front.send(sessionId, { message: 'slow' }, alice);
    await w.started.promise;
    await expect(w.front.send(sessionId, { message: 'later' }, { ...alice, requestId: 'q1' })).resolves.toMatchObject({
      status: 'queued',
    });
    await expect(w.front.send(sessionId, { message: 'never' }, { ...alice, requestId: 'q2' })).resolves.toMatchObject({
      status: 'queued',
    });
    await expect(w.front.withdraw(sessionId, 'q2', alice)).resolves.toMatchObject({ status: 'withdrawn' });
    hold.open();
    await slow;
    await w.front.idle();
    const session = await sessionOf(w.inner, sessionId);
    const texts = session.history
      .filter((m) => m.role === 'model')
      .map((m) => m.content.map((p) => ('text' in p ? p.text : '')).join(''));
    expect(texts).toContain('refunds: later');
    expect(userTexts(session.history)).not.toContain('never');
  });

  it('goes on under the agent handed to when the server continues a turn whose instance died after the switch', async () => {
    // Writes: the lease and message (1), the switch with the hand-off's result (2); the instance dies after it.
    const { inner, sessionId, first, next } = await diedAt({ at: 2, when: 'after' });
    const left = await sessionOf(inner, sessionId);
    expect(left).toMatchObject({ agent: 'refunds', status: 'running' });
    expect(first.refundsSaw).toHaveLength(0);

    // Another instance: the front desk's continuation task (the task names the agent that took the lease).
    const task = { agent: 'front', sessionId, leaseId: left.lease?.id as string, handOffs: 0 };
    await expect(next.front.continue(task)).resolves.toBe('continued');
    expect(next.frontSaw).toHaveLength(0);
    expect(next.refundsSaw).toHaveLength(1);
    await expect(sessionOf(inner, sessionId)).resolves.toMatchObject({ agent: 'refunds', status: 'interrupted' });
  });

  it('goes on under the agent handed to when the client retries a call whose instance died after the switch', async () => {
    const { sessionId, next } = await diedAt({ at: 2, when: 'after' });
    await expect(
      next.front.send(sessionId, { message: 'a refund please' }, { ...alice, requestId: 'r1' }),
    ).resolves.toMatchObject({
      status: 'interrupted',
      interrupts: [{ name: 'transfer' }],
    });
    expect(next.frontSaw).toHaveLength(0);
  });

  it('goes on with the session a first call made when its retry, naming no session, finds it handed off', async () => {
    const { inner, sessionId, next } = await diedAt({ at: 2, when: 'after' });
    // The retry of the first call names no session, as the first call did.
    await expect(
      next.front.send(undefined, { message: 'a refund please' }, { ...alice, requestId: 'r1' }),
    ).resolves.toMatchObject({
      sessionId,
      status: 'interrupted',
    });
    expect(userTexts((await sessionOf(inner, sessionId)).history)).toEqual(['a refund please']);
    expect(next.refundsSaw).toHaveLength(1);
  });

  it('names the agent whose callable took the call in the continuation task of a turn run under the agent handed to', async () => {
    const queue = new MemoryContinuationQueue();
    const hold = gate();
    const w = world({ hold: hold.promise, continuation: { queue, afterMs: 0 } });
    const { sessionId } = await w.front.send(undefined, { message: 'a refund please' }, alice);
    const ref = (await sessionOf(w.inner, sessionId)).interrupts[0]?.toolRequest.ref as string;
    await w.front.answer(sessionId, { decline: [{ ref, name: 'transfer' }] }, alice);
    queue.take();
    const slow = w.front.send(sessionId, { message: 'slow' }, alice);
    await w.started.promise;
    await vi.waitFor(() =>
      expect(queue.take().map((q) => q.task)).toEqual([expect.objectContaining({ agent: 'front', sessionId })]),
    );
    hold.open();
    await slow;
  });

  it('carries out a hand-off whose round was journaled before the switch was written, without asking the first agent again', async () => {
    const inner = new InMemorySessionStore();
    // A round with a tool with effects beside the hand-off: its result's write journals the hand-off's too.
    const charge = (calls: string[]) =>
      defineTool(
        { name: 'note', description: 'Notes the case.', inputSchema: z.object({}), sideEffects: 'idempotent' },
        () => {
          calls.push('note');
          return 'noted';
        },
      );
    const build = (store: SessionStore, calls: string[], asked: string[]) => {
      let refunds: Agent<WhileBusy> | undefined;
      const front = defineAgent({
        name: 'front',
        store,
        leaseMs: LEASE_MS,
        model: scriptedModel((request) => {
          asked.push('front');
          if (request.messages.at(-1)?.role === 'tool') return 'front again';
          return {
            message: {
              role: 'model',
              content: [
                { toolRequest: { name: 'note', input: {} } },
                { toolRequest: { name: 'transfer_to_refunds', input: {} } },
              ],
            },
            finishReason: 'stop',
          };
        }),
        tools: [charge(calls), handoffTo(() => refunds as Agent<WhileBusy>, { name: 'transfer_to_refunds' })],
      });
      refunds = defineAgent({
        name: 'refunds',
        store,
        leaseMs: LEASE_MS,
        model: scriptedModel(() => {
          asked.push('refunds');
          return 'refunds here';
        }),
      });
      return front;
    };
    // Writes: lease (1), the round before it runs (2), the note's result with the hand-off's (3): the instance dies after it.
    const calls: string[] = [];
    const asked: string[] = [];
    const dying = new FlakyStore(inner, { at: 3, when: 'after', mode: 'crash' });
    const error = await rejection(
      build(dying, calls, asked).send(undefined, { message: 'refund' }, { ...alice, requestId: 'r1' }),
    );
    const sessionId = error.details?.sessionId as string;
    expect(await sessionOf(inner, sessionId)).toMatchObject({ agent: 'front', status: 'running' });
    expect(asked).toEqual(['front']);

    const retried = build(inner, calls, asked);
    // The client's retry, once the dead turn's lease lapsed.
    const stored = await sessionOf(inner, sessionId);
    await inner.write((await inner.load(sessionId)) as NonNullable<Awaited<ReturnType<typeof inner.load>>>, {
      ...stored,
      lease: { id: stored.lease?.id as string, expiresAt: 0 },
      version: stored.version + 1,
    });
    await expect(retried.send(sessionId, { message: 'refund' }, { ...alice, requestId: 'r1' })).resolves.toMatchObject({
      text: 'refunds here',
    });
    expect(asked).toEqual(['front', 'refunds']);
    expect(calls).toEqual(['note']);
    const session = await sessionOf(inner, sessionId);
    expect(session.agent).toBe('refunds');
    expect(session.history.flatMap((m) => handoffOf(m) ?? []).map((h) => h.to)).toEqual(['refunds']);
  });

  it('asks the first agent again when the instance died before the hand-off round was written', async () => {
    // Writes: the lease and message (1); the switch (2) never lands.
    const { inner, sessionId, next } = await diedAt({ at: 2, when: 'before' });
    expect(await sessionOf(inner, sessionId)).toMatchObject({ agent: 'front', status: 'running' });

    await expect(
      next.front.send(sessionId, { message: 'a refund please' }, { ...alice, requestId: 'r1' }),
    ).resolves.toMatchObject({
      status: 'interrupted',
    });
    expect(next.frontSaw).toHaveLength(1);
    expect((await sessionOf(inner, sessionId)).history.flatMap((m) => handoffOf(m) ?? [])).toHaveLength(1);
  });

  it('refuses with WRONG_AGENT a session of an agent no hand-off of the called agent reaches', async () => {
    const w = world();
    const { sessionId } = await w.front.send(undefined, { message: 'hi' }, alice);
    const other = defineAgent({ name: 'other', model: scriptedModel(() => 'x'), store: w.inner });
    const error = await rejection(other.send(sessionId, { message: 'hi' }, alice));
    expect(error).toMatchObject({ code: 'failed-precondition', reason: 'WRONG_AGENT', details: { agent: 'front' } });
    await expect(other.stop(sessionId, alice)).rejects.toMatchObject({ reason: 'WRONG_AGENT' });
  });

  it('refuses a hand-off to an agent whose sessions are in another store, and a lazy target without a name', async () => {
    const target = defineAgent({
      name: 'elsewhere',
      model: scriptedModel(() => 'x'),
      store: new InMemorySessionStore(),
    });
    const front = defineAgent({
      name: 'front',
      model: scriptedModel(() => call('transfer_to_elsewhere')),
      store: new InMemorySessionStore(),
      tools: [handoffTo(target)],
    });
    await expect(front.send(undefined, { message: 'go' }, alice)).rejects.toMatchObject({
      code: 'invalid-argument',
      message: expect.stringMatching(/another store/),
    });
    expect(() => handoffTo(() => target)).toThrow(/needs a `name`/);
  });
});
