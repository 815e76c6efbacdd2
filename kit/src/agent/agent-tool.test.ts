import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isKitError } from '../errors/index.js';
import type { GenerateResponseChunk, Message, ToolRequestPart } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/index.js';
import type { SessionStore } from '../session/session-store.js';
import { FlakyStore } from '../session/test-utils/flaky-store.js';
import { agentTool } from './agent-tool.js';
import { MemoryContinuationQueue } from './continuation-queue/index.js';
import { defineAgent } from './define-agent.js';
import { chargeTool, type Effects, effects, gate, manualClock, toolThenAnswer } from './test-utils/agent-fixtures.js';
import { subSessionOf } from './test-utils/sub-session-of.js';

const alice = { uid: 'alice' };
const WEEK_MS = 7 * 24 * 3600_000;

/** The refunds agent: a user message charges back 100 cents on its order, then says "refunded". */
function refundsModel(hold?: (call: number, signal: AbortSignal | undefined) => Promise<void> | void) {
  let calls = 0;
  return scriptedModel(async (request, { signal }) => {
    calls++;
    await hold?.(calls, signal);
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') return 'refunded';
    return {
      message: { role: 'model', content: [{ toolRequest: { name: 'charge', input: { orderId: 'A', cents: -100 } } }] },
      finishReason: 'stop',
    };
  });
}

interface Setup {
  store?: InMemorySessionStore;
  record?: Effects;
  hold?: Parameters<typeof refundsModel>[0];
  subContinuation?: MemoryContinuationQueue;
}

/** The shop (parent) agent whose model calls `refunds` once, and the refunds agent it runs. */
function shop(setup: Setup = {}) {
  const store = setup.store ?? new InMemorySessionStore();
  const record = setup.record ?? effects();
  const refunds = defineAgent({
    name: 'refunds',
    model: refundsModel(setup.hold),
    tools: [chargeTool(record)],
    store,
    ...(setup.subContinuation ? { continuation: { queue: setup.subContinuation, afterMs: 0 } } : {}),
  });
  const tool = agentTool(refunds, {
    name: 'refunds',
    description: 'refunds an order',
    input: z.object({ orderId: z.string() }),
    message: (input) => `refund order ${input.orderId}`,
  });
  const parent = defineAgent({
    name: 'shop',
    model: toolThenAnswer('refunds', { orderId: 'A' }),
    tools: [tool],
    store,
    sessionTtlMs: WEEK_MS,
    ...(setup.subContinuation ? { continuation: { queue: setup.subContinuation, afterMs: 0 } } : {}),
  });
  return { store, record, refunds, parent };
}

/** The ref the parent's model call of `refunds` got, and its sub-session, read from its stored history. */
async function refundsCall(store: InMemorySessionStore, sessionId: string): Promise<{ ref: string; subId: string }> {
  const session = (await store.load(sessionId))?.session;
  const part = session?.history
    .flatMap((m) => m.content)
    .find((p): p is ToolRequestPart => 'toolRequest' in p && p.toolRequest.name === 'refunds');
  if (!session || !part?.toolRequest.ref) throw new Error('no refunds call stored');
  return { ref: part.toolRequest.ref, subId: subSessionOf(session, part.toolRequest.ref) };
}

describe('agentTool', () => {
  it("gives the sub-agent's final text as the tool's output, from a session linked to the parent's", async () => {
    const { store, record, parent } = shop();
    const result = await parent.send(undefined, { message: 'refund A' }, alice);
    expect(result).toMatchObject({ status: 'done', text: 'done: ["refunded"]' });
    const { ref, subId } = await refundsCall(store, result.sessionId);
    const sub = (await store.load(subId))?.session;
    expect(sub).toMatchObject({
      agent: 'refunds',
      ownerUid: 'alice',
      status: 'idle',
      parent: { sessionId: result.sessionId, ref, agent: 'shop' },
    });
    // The parent's TTL (a week here, the refunds agent's own default is 30 days), from the sub-session's last write.
    expect((sub?.expireAt ?? 0) - (sub?.updatedAt ?? 0)).toBe(WEEK_MS);
    expect(sub?.history.map((m) => m.role)).toEqual(['user', 'model', 'tool', 'model']);
    expect(sub?.history[0]?.content).toEqual([{ text: 'refund order A' }]);
    expect(record.runs).toBe(1);
  });

  it("streams the sub-agent's chunks through the parent's stream, tagged with it and its refs made paths", async () => {
    const { store, parent } = shop();
    const chunks: GenerateResponseChunk[] = [];
    const result = await parent.send(undefined, { message: 'refund A' }, { ...alice, onChunk: (c) => chunks.push(c) });
    const { ref } = await refundsCall(store, result.sessionId);
    const tagged = chunks.filter((c) => c.agent === 'refunds');
    expect(tagged.map((c) => c.content.map((p) => ('text' in p ? p.text : '')).join('')).join('')).toContain(
      'refunded',
    );
    const subRefs = tagged.flatMap((c) => c.content.flatMap((p) => ('toolResponse' in p ? [p.toolResponse.ref] : [])));
    expect(subRefs.length).toBeGreaterThan(0);
    for (const subRef of subRefs) expect(subRef).toMatch(new RegExp(`^${ref}/`));
    // The parent's own chunks carry no agent.
    expect(chunks.some((c) => c.agent === undefined && c.content.some((p) => 'text' in p))).toBe(true);
  });

  it("goes on from the sub-session's journal when the parent's turn is retried, never charging twice", async () => {
    const caller = new AbortController();
    const { store, record, parent } = shop({
      // The sub-agent's second model call (after the charge ran) is where the parent's caller goes away.
      hold: async (call) => {
        if (call === 2) caller.abort();
      },
    });
    const first = parent.send(undefined, { message: 'refund A' }, { ...alice, requestId: 'r1', signal: caller.signal });
    const failed = await first.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isKitError(failed)).toBe(true);
    expect(record.runs).toBe(1);
    const sessionId = (failed as { details?: { sessionId?: string } }).details?.sessionId as string;
    const retried = await parent.send(sessionId, { message: 'refund A' }, { ...alice, requestId: 'r1' });
    expect(retried).toMatchObject({ status: 'done', text: 'done: ["refunded"]' });
    expect(record.runs).toBe(1);
    const sub = (await store.load((await refundsCall(store, sessionId)).subId))?.session;
    // One user message, one charge: the retry went on from the journal the first run left.
    expect(sub?.history.filter((m) => m.role === 'user')).toHaveLength(1);
    expect(sub?.history.filter((m) => m.role === 'tool')).toHaveLength(1);
  });

  it('stops the sub-turn when the parent is stopped, and leaves the sub-session stopped by the same person', async () => {
    const inSub = gate();
    const { store, record, parent } = shop({
      hold: (call, signal) => {
        if (call !== 1) return;
        inSub.open();
        return new Promise<void>((_resolve, reject) =>
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true }),
        );
      },
    });
    const parentId = 'stopped-parent';
    const running = parent.send(parentId, { message: 'refund A' }, alice).then(
      () => undefined,
      (error: unknown) => error,
    );
    await inSub.promise;
    expect(await parent.stop(parentId, alice)).toMatchObject({ sessionId: parentId });
    const error = await running;
    expect(isKitError(error) && error.reason).toBe('STOPPED');
    const sub = (await store.load((await refundsCall(store, parentId)).subId))?.session;
    expect(sub).toMatchObject({ status: 'idle', outcome: { kind: 'stopped', stoppedBy: { uid: 'alice' } } });
    expect(sub?.lease).toBeUndefined();
    expect(record.runs).toBe(0);
  });

  it("schedules no continuation of the sub-agent's own: the parent's continuation runs the call again", async () => {
    // Both agents hand every turn to the queue as it starts; only the parent's turn is handed.
    const queue = new MemoryContinuationQueue();
    const { parent } = shop({ subContinuation: queue });
    await parent.send(undefined, { message: 'refund A' }, alice);
    expect(queue.take().map((queued) => queued.task.agent)).toEqual(['shop']);
  });

  it("tells the parent's model a sub-agent's failure as the call's error, and runs it no more", async () => {
    const { parent } = shop({
      hold: (call) => {
        if (call === 1) throw new Error('the refunds model is down');
      },
    });
    const result = await parent.send(undefined, { message: 'refund A' }, alice);
    expect(result.status).toBe('done');
    expect(result.text).toContain('error');
  });

  it("refuses to run outside an agent's turn", async () => {
    const { refunds } = shop();
    const tool = agentTool(refunds, { name: 'refunds', description: 'refunds', input: z.object({}) });
    await expect(tool.run({}, { ref: 't1' })).rejects.toMatchObject({ code: 'failed-precondition' });
  });

  it("fails the parent's turn SESSION_BUSY, telling its model nothing, when an earlier run still holds the sub-session past the sub-agent's lease", async () => {
    const inner = new InMemorySessionStore();
    const clock = manualClock();
    const record = effects();
    const released = gate();
    const died = gate();
    const dead = new FlakyStore(inner);
    /** The shop and its refunds agent on one instance over `store`; the sub-agent's lease outlasts the parent's. */
    const instance = (store: SessionStore, hold?: Parameters<typeof refundsModel>[0]) => {
      const refunds = defineAgent({
        name: 'refunds',
        model: refundsModel(hold),
        tools: [chargeTool(record)],
        store,
        clock: clock.now,
        leaseMs: 1_000,
      });
      const tool = agentTool(refunds, {
        name: 'refunds',
        description: 'refunds',
        input: z.object({ orderId: z.string() }),
      });
      return defineAgent({
        name: 'shop',
        model: toolThenAnswer('refunds', { orderId: 'A' }),
        tools: [tool],
        store,
        clock: clock.now,
        leaseMs: 500,
      });
    };
    // The first instance dies in the sub-turn, after the charge ran: every later call of it fails.
    const first = instance(dead, async (call) => {
      if (call !== 2) return;
      dead.kill();
      died.open();
      await released.promise;
    })
      .send('busy-parent', { message: 'refund A' }, { ...alice, requestId: 'r1' })
      .catch((error: unknown) => error);
    await died.promise;
    // The parent's lease lapsed, the sub-agent's is live: the retry waits for it, then gives up.
    clock.advance(600);
    const error = await instance(inner)
      .send('busy-parent', { message: 'refund A' }, { ...alice, requestId: 'r1' })
      .catch((e: unknown) => e);
    expect(isKitError(error) && error.reason).toBe('SESSION_BUSY');
    // The parent's turn ran (its retry took the lease) and failed so: its model was told nothing.
    const parent = (await inner.load('busy-parent'))?.session;
    expect(parent?.outcome).toMatchObject({ kind: 'failed', failure: { reason: 'SESSION_BUSY' } });
    expect(parent?.history.some((m) => m.role === 'tool')).toBe(false);
    // Once the sub-agent's lease lapsed too, the retry goes on from both journals: the charge ran once.
    clock.advance(2_000);
    const done = await instance(inner).send('busy-parent', { message: 'refund A' }, { ...alice, requestId: 'r1' });
    expect(done).toMatchObject({ status: 'done', text: 'done: ["refunded"]' });
    expect(record.runs).toBe(1);
    released.open();
    await first;
  });
});
