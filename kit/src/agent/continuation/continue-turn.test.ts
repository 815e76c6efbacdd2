import { describe, expect, it } from 'vitest';
import { isKitError } from '../../errors/index.js';
import { toolResponsesOf } from '../../model/index.js';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import type { SessionStore } from '../../session/session-store.js';
import { type Fault, FlakyStore } from '../../session/test-utils/flaky-store.js';
import type { Agent } from '../agent.js';
import { MemoryContinuationQueue } from '../continuation-queue/index.js';
import { defineAgent } from '../define-agent.js';
import { chargeTool, effects, manualClock, toolThenAnswer } from '../test-utils/agent-fixtures.js';

const LEASE_MS = 30_000;
const MESSAGE = { message: 'charge order A-1001' };

function world() {
  const inner = new InMemorySessionStore();
  const clock = manualClock();
  const record = effects();
  // The tool takes a moment, so the turn has run past `afterMs` (0) and handed itself to the queue.
  record.afterEffect = () => new Promise((resolve) => setTimeout(resolve, 20));
  const queue = new MemoryContinuationQueue();
  /** The shop agent on an instance of its own (its own cache) over `store`. */
  const instance = (store: SessionStore = inner, maxDurationMs?: number): Agent =>
    defineAgent({
      name: 'shop',
      model: toolThenAnswer('charge', { orderId: 'A-1001', cents: 500 }),
      tools: [chargeTool(record)],
      store,
      clock: clock.now,
      leaseMs: LEASE_MS,
      continuation: { queue, afterMs: 0, ...(maxDurationMs === undefined ? {} : { maxDurationMs }) },
    });
  /** A turn whose instance dies at `fault`: the session is left running under a lease nobody renews. */
  const dyingTurn = async (fault: Fault) => {
    const error = await instance(new FlakyStore(inner, fault))
      .send(undefined, MESSAGE, { uid: 'u1', requestId: 'r1' })
      .catch((e: unknown) => e);
    expect(isKitError(error)).toBe(true);
    const [queued] = queue.take();
    if (!queued) throw new Error('the dying turn handed nothing to the queue');
    return queued.task;
  };
  return { inner, clock, record, queue, instance, dyingTurn };
}

// The instance dies after the tool's result was journaled (write 3), before the turn's last write.
const DIES_BEFORE_LAST_WRITE: Fault = { at: 4, when: 'before', mode: 'crash' };
// The instance dies while the tool runs: its effect applied, its result never journaled.
const DIES_IN_TOOL: Fault = { at: 3, when: 'before', mode: 'crash' };

describe('continueTurn', () => {
  it('goes on with the turn from its journal, runs no recorded call again, and keeps its result for the request id when the lease lapsed', async () => {
    const w = world();
    const task = await w.dyingTurn(DIES_BEFORE_LAST_WRITE);
    expect(task).toMatchObject({ agent: 'shop', handOffs: 0 });
    w.clock.advance(LEASE_MS + 1);
    expect(await w.instance().continue(task)).toBe('continued');
    const stored = (await w.inner.load(task.sessionId))?.session;
    expect(stored).toMatchObject({ status: 'idle' });
    expect(stored?.lease).toBeUndefined();
    expect(stored?.history.map((m) => m.role)).toEqual(['user', 'model', 'tool', 'model']);
    expect(w.record.runs).toBe(1);
    // The client that went away finds the answer under its request id.
    const retry = await w.instance().send(task.sessionId, MESSAGE, { uid: 'u1', requestId: 'r1' });
    expect(retry).toMatchObject({ status: 'done', text: 'done: [{"charged":500,"orderId":"A-1001"}]' });
  });

  it('hands the continued turn to the queue again as its next hand-off, when it runs long', async () => {
    const w = world();
    const task = await w.dyingTurn(DIES_IN_TOOL);
    w.clock.advance(LEASE_MS + 1);
    expect(await w.instance().continue(task)).toBe('continued');
    expect(w.queue.take().map((q) => q.task.handOffs)).toEqual([1]);
    // The call whose result was lost runs again under the same ref (the retry's rule); downstream applies it once.
    expect(w.record.runs).toBe(2);
    expect(new Set(w.record.refs).size).toBe(1);
    expect(w.record.applied.size).toBe(1);
  });

  it('throws SESSION_BUSY and writes nothing when the turn’s lease is still live', async () => {
    const w = world();
    const task = await w.dyingTurn(DIES_BEFORE_LAST_WRITE);
    const before = await w.inner.load(task.sessionId);
    await expect(w.instance().continue(task)).rejects.toMatchObject({ details: { reason: 'SESSION_BUSY' } });
    expect((await w.inner.load(task.sessionId))?.session.version).toBe(before?.session.version);
  });

  it('returns finished and writes nothing when the turn ended on its own', async () => {
    const w = world();
    const result = await w.instance().send(undefined, MESSAGE, { uid: 'u1', requestId: 'r1' });
    const [queued] = w.queue.take();
    expect(queued?.task.sessionId).toBe(result.sessionId);
    const before = (await w.inner.load(result.sessionId))?.session.version;
    w.clock.advance(LEASE_MS + 1);
    expect(await w.instance().continue(queued?.task as never)).toBe('finished');
    expect((await w.inner.load(result.sessionId))?.session.version).toBe(before);
    expect(w.record.runs).toBe(1);
  });

  it('ends the turn stopped, telling the model the call may have run, when a stop named the dead turn', async () => {
    const w = world();
    const task = await w.dyingTurn(DIES_IN_TOOL);
    // The owner pressed Stop while the dead turn's lease was live; nobody was there to hear it.
    await w.inner.stops.ask(task.sessionId, { leaseId: task.leaseId, at: w.clock.now() });
    w.clock.advance(LEASE_MS + 1);
    expect(await w.instance().continue(task)).toBe('stopped');
    const stored = (await w.inner.load(task.sessionId))?.session;
    expect(stored).toMatchObject({ status: 'idle' });
    expect(stored?.lease).toBeUndefined();
    const [response] = toolResponsesOf(stored?.history.at(-1) as never);
    expect(JSON.stringify(response?.toolResponse.output)).toContain('whether it ran is unknown');
    expect(w.record.runs).toBe(1);
    // The turn that took the lease handed itself off as it started; its task finds it over.
    const [next] = w.queue.take();
    expect(await w.instance().continue(next?.task as never)).toBe('finished');
  });

  it('records the stop (who, which client, when) as the turn’s outcome and tells the client’s retry STOPPED after the continuation honoured it', async () => {
    const w = world();
    const task = await w.dyingTurn(DIES_IN_TOOL);
    const stop = { leaseId: task.leaseId, at: w.clock.now(), uid: 'u1', requestId: 'stop-1', clientId: 'tab-2' };
    await w.inner.stops.ask(task.sessionId, stop);
    w.clock.advance(LEASE_MS + 1);
    expect(await w.instance().continue(task)).toBe('stopped');
    const stored = (await w.inner.load(task.sessionId))?.session;
    expect(stored?.outcome).toEqual({
      kind: 'stopped',
      at: w.clock.now(),
      requestId: 'r1',
      stoppedBy: { uid: 'u1', requestId: 'stop-1', clientId: 'tab-2', at: stop.at },
    });
    const retry = w.instance().send(task.sessionId, MESSAGE, { uid: 'u1', requestId: 'r1' });
    await expect(retry).rejects.toMatchObject({ code: 'cancelled', details: { reason: 'STOPPED', requestId: 'r1' } });
    expect(w.record.runs).toBe(1);
  });

  it('closes the dead turn as stopped, answers the new message, and tells the dead call’s retry STOPPED when a new message comes first', async () => {
    const w = world();
    const task = await w.dyingTurn(DIES_IN_TOOL);
    await w.inner.stops.ask(task.sessionId, { leaseId: task.leaseId, at: w.clock.now(), uid: 'u1' });
    w.clock.advance(LEASE_MS + 1);
    const answered = await w.instance().send(task.sessionId, { message: 'thanks' }, { uid: 'u1', requestId: 'r2' });
    expect(answered.status).toBe('done');
    const stored = (await w.inner.load(task.sessionId))?.session;
    // The call with no recorded result is told the stop's words, never "not run" nor "the turn failed".
    const closing = stored?.history.find((m) => m.role === 'tool');
    const [response] = toolResponsesOf(closing as never);
    expect(JSON.stringify(response?.toolResponse.output)).toMatch(/stopped by the user .*whether it ran is unknown/);
    expect(stored?.requests?.find((r) => r.id === 'r1')?.outcome).toBe('stopped');
    expect(stored?.outcome).toMatchObject({ kind: 'done', requestId: 'r2' });
    const retry = w.instance().send(task.sessionId, MESSAGE, { uid: 'u1', requestId: 'r1' });
    await expect(retry).rejects.toMatchObject({ code: 'cancelled', details: { reason: 'STOPPED', requestId: 'r1' } });
    // The server's task finds the dead turn over; the dead turn's charge ran once (the new message's model asked for one of its own).
    expect(await w.instance().continue(task)).toBe('finished');
    const deadRef = response?.toolResponse.ref;
    expect(w.record.refs.filter((ref) => ref === deadRef)).toHaveLength(1);
  });

  it('refuses a client’s retry STOPPED and runs nothing again when a stop named the dead turn', async () => {
    const w = world();
    const task = await w.dyingTurn(DIES_IN_TOOL);
    await w.inner.stops.ask(task.sessionId, { leaseId: task.leaseId, at: w.clock.now() });
    w.clock.advance(LEASE_MS + 1);
    const retry = w.instance().send(task.sessionId, MESSAGE, { uid: 'u1', requestId: 'r1' });
    await expect(retry).rejects.toMatchObject({ code: 'cancelled', details: { reason: 'STOPPED' } });
    expect(w.record.runs).toBe(1);
    // The server's task then finds nothing to continue.
    expect(await w.instance().continue(task)).toBe('finished');
  });

  it('gives the turn up to a client’s retry, writing nothing, when it began longer ago than maxDurationMs', async () => {
    const w = world();
    const task = await w.dyingTurn(DIES_BEFORE_LAST_WRITE);
    w.clock.advance(LEASE_MS + 1);
    expect(await w.instance(w.inner, LEASE_MS).continue(task)).toBe('gave-up');
    expect((await w.inner.load(task.sessionId))?.session.status).toBe('running');
  });
});
