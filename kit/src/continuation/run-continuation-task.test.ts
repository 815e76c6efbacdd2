import { describe, expect, it } from 'vitest';
import { type Agent, type ContinuationTask, defineAgent, MemoryContinuationQueue } from '../agent/index.js';
import { chargeTool, effects, manualClock, toolThenAnswer } from '../agent/test-utils/agent-fixtures.js';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import { FlakyStore } from '../session/test-utils/flaky-store.js';
import { runContinuationTask } from './run-continuation-task.js';

const LEASE_MS = 30_000;

function world() {
  const inner = new InMemorySessionStore();
  const clock = manualClock();
  const record = effects();
  record.afterEffect = () => new Promise((resolve) => setTimeout(resolve, 20));
  const queue = new MemoryContinuationQueue();
  const shop = (store: InMemorySessionStore | FlakyStore = inner): Agent =>
    defineAgent({
      name: 'shop',
      model: toolThenAnswer('charge', { orderId: 'A-1001', cents: 500 }),
      tools: [chargeTool(record)],
      store,
      clock: clock.now,
      leaseMs: LEASE_MS,
      continuation: { queue, afterMs: 0 },
    });
  const logs: string[] = [];
  const log = (message: string) => logs.push(message);
  return { inner, clock, record, queue, shop, logs, log };
}

/** A turn whose instance dies before its last write; the task it handed to the queue. */
async function deadTurn(w: ReturnType<typeof world>) {
  const store = new FlakyStore(w.inner, { at: 4, when: 'before', mode: 'crash' });
  await w
    .shop(store)
    .send(undefined, { message: 'charge' }, { uid: 'u1', requestId: 'r1' })
    .catch(() => undefined);
  return w.queue.take()[0]?.task;
}

describe('runContinuationTask', () => {
  it('goes on with the dead turn through the named agent, loaded on first use, when its lease lapsed', async () => {
    const w = world();
    const task = await deadTurn(w);
    w.clock.advance(LEASE_MS + 1);
    expect(await runContinuationTask({ shop: async () => w.shop() }, task, w.log)).toBe('continued');
    expect((await w.inner.load(task?.sessionId as string))?.session.status).toBe('idle');
    expect(w.record.runs).toBe(1);
  });

  it('goes on with the dead turn when the task was enqueued by an earlier version, its hand-offs named step', async () => {
    const w = world();
    const task = await deadTurn(w);
    const { handOffs, ...turn } = task ?? { handOffs: 0 };
    const continued: ContinuationTask[] = [];
    const shop = w.shop();
    const agent: Agent = {
      ...shop,
      continue: (t, signal) => {
        continued.push(t);
        return shop.continue(t, signal);
      },
    };
    w.clock.advance(LEASE_MS + 1);
    expect(await runContinuationTask({ shop: agent }, { ...turn, step: handOffs }, w.log)).toBe('continued');
    expect(continued).toEqual([{ ...turn, handOffs }]);
    expect(w.record.runs).toBe(1);
  });

  it('throws SESSION_BUSY, so the queue tries again after its backoff, while the turn’s lease is live', async () => {
    const w = world();
    const task = await deadTurn(w);
    await expect(runContinuationTask({ shop: w.shop() }, task, w.log)).rejects.toMatchObject({
      details: { reason: 'SESSION_BUSY' },
    });
  });

  it('drops a payload it cannot read, and a task of an agent it does not serve, with a log line', async () => {
    const w = world();
    expect(await runContinuationTask({ shop: w.shop() }, { agent: 'shop' }, w.log)).toBe('ignored');
    const task = { agent: 'bank', sessionId: 's1', leaseId: 'l1', handOffs: 0 };
    expect(await runContinuationTask({ shop: w.shop() }, task, w.log)).toBe('ignored');
    expect(await runContinuationTask({ shop: w.shop() }, { ...task, agent: 'toString' }, w.log)).toBe('ignored');
    expect(w.logs).toHaveLength(3);
  });

  it('returns finished, writing nothing, when the task names a session that is gone', async () => {
    const w = world();
    const task = { agent: 'shop', sessionId: 'gone', leaseId: 'l1', handOffs: 0 };
    expect(await runContinuationTask({ shop: w.shop() }, task, w.log)).toBe('finished');
  });
});
