import { describe, expect, it } from 'vitest';
import { KitError } from '../../errors/index.js';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import type { Agent } from '../agent.js';
import { MemoryContinuationQueue } from '../continuation-queue/index.js';
import { defineAgent } from '../define-agent.js';
import { chargeTool, effects, manualClock, toolThenAnswer } from '../test-utils/agent-fixtures.js';
import { isDeadline } from './hand-off-turn.js';

const LEASE_MS = 30_000;
const deadline = () => new KitError('deadline-exceeded', 'the call ran out of time', { reason: 'DEADLINE' });

function world(afterMs: number) {
  const store = new InMemorySessionStore();
  const clock = manualClock();
  const record = effects();
  const queue = new MemoryContinuationQueue();
  const caller = new AbortController();
  let struck = false;
  // The function's deadline strikes while the model answers the tool's result (once).
  const model = toolThenAnswer(
    'charge',
    { orderId: 'A-1001', cents: 500 },
    {
      before: (call) => {
        if (call !== 2 || struck) return;
        struck = true;
        caller.abort(deadline());
        throw deadline();
      },
    },
  );
  const agent = (): Agent =>
    defineAgent({
      name: 'shop',
      model,
      tools: [chargeTool(record)],
      store,
      clock: clock.now,
      leaseMs: LEASE_MS,
      continuation: { queue, afterMs },
    });
  return { store, clock, record, queue, caller, agent };
}

describe('handOffTurn', () => {
  it('leaves the turn running under a lapsed lease for its task, which finishes it from the journal, when the deadline strikes', async () => {
    const w = world(0);
    const call = w
      .agent()
      .send(undefined, { message: 'charge' }, { uid: 'u1', requestId: 'r1', signal: w.caller.signal });
    const error = await call.catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'deadline-exceeded', details: { reason: 'DEADLINE', continues: true } });
    const sessionId = (error as KitError).details?.sessionId as string;
    const left = (await w.store.load(sessionId))?.session;
    expect(left?.status).toBe('running');
    expect(left?.lease?.expiresAt).toBeLessThanOrEqual(w.clock.now());
    expect(left?.history.map((m) => m.role)).toEqual(['user', 'model']);
    // No clock moves: the task the turn enqueued as it started takes the lease at once.
    const [queued] = w.queue.take();
    expect(await w.agent().continue(queued?.task as never)).toBe('continued');
    expect(w.record.runs).toBe(1);
    const retry = await w.agent().send(sessionId, { message: 'charge' }, { uid: 'u1', requestId: 'r1' });
    expect(retry).toMatchObject({ status: 'done', text: 'done: [{"charged":500,"orderId":"A-1001"}]' });
  });

  it('stores the turn failed with DEADLINE, as without a continuation, when the queue never took it', async () => {
    const w = world(60_000);
    const error = await w
      .agent()
      .send(undefined, { message: 'charge' }, { uid: 'u1', signal: w.caller.signal })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ details: { reason: 'DEADLINE' } });
    expect((error as KitError).details?.continues).toBeUndefined();
    const stored = (await w.store.load((error as KitError).details?.sessionId as string))?.session;
    expect(stored).toMatchObject({ status: 'failed', error: { code: 'deadline-exceeded' } });
    expect(w.queue.take()).toEqual([]);
  });
});

describe('isDeadline', () => {
  it('reads the deadline from the aborted signal first, else from the error', () => {
    const aborted = new AbortController();
    aborted.abort(deadline());
    expect(isDeadline(new Error('aborted'), aborted.signal)).toBe(true);
    expect(isDeadline(deadline(), undefined)).toBe(true);
    const cancelled = new AbortController();
    cancelled.abort();
    expect(isDeadline(deadline(), cancelled.signal)).toBe(false);
  });
});
