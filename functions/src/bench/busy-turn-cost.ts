import { defineAgent } from '@callable-flows/kit/agent/index.js';
import type { GenerateRequest, Message } from '@callable-flows/kit/model/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import type { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import type { SessionStore, TurnQueue } from '@callable-flows/kit/session/index.js';
import { defineTool } from '@callable-flows/kit/tools/index.js';
import { z } from 'zod';
import { median } from './measure.js';

/** Turns timed per variant: enough for a median under the machine's noise. */
const TURNS = 15;
/** How long the tool of a "long" turn takes: past the 250 ms after which a turn listens for a stop. */
export const LONG_TOOL_MS = 300;

/** A model that asks for `sleep` once per user message, then answers. */
function sleepModel() {
  return scriptedModel((request: GenerateRequest) => {
    const last = request.messages.at(-1) as Message;
    if (last.role !== 'user') return 'slept';
    return {
      message: { role: 'model', content: [{ toolRequest: { name: 'sleep', input: {} } }] },
      finishReason: 'stop',
    };
  });
}

const sleepTool = defineTool(
  { name: 'sleep', description: 'sleeps', inputSchema: z.object({}), sideEffects: 'none' },
  () => new Promise<string>((resolve) => setTimeout(() => resolve('ok'), LONG_TOOL_MS)),
);

/** `store` with no stops: its turns never listen for one. */
function withoutStops(store: FirestoreSessionStore): SessionStore {
  const bare = Object.create(store) as SessionStore & { stops: undefined };
  Object.defineProperty(bare, 'stops', { value: undefined });
  return bare;
}

/** Median ms of {@link TURNS} turns of an agent over `store` whose tool takes {@link LONG_TOOL_MS}. */
async function longTurnMs(store: SessionStore): Promise<number> {
  const agent = defineAgent({ name: 'bench', model: sleepModel(), tools: [sleepTool], store, cache: false });
  const ctx = { uid: 'bench' };
  const { sessionId } = await agent.send(undefined, { message: 'warm up' }, ctx);
  const times: number[] = [];
  for (let i = 0; i < TURNS; i++) {
    const start = performance.now();
    await agent.send(sessionId, { message: `turn ${i}` }, ctx);
    times.push(performance.now() - start);
  }
  return median(times);
}

/**
 * What a turn that runs past 250 ms pays for its stop listener: the median time of such a turn
 * with the listener (the Firestore store's stops) and without (a store with no stops), measured
 * alternately in one run. Its reads are not the store's (an `onSnapshot` listener): one listen
 * target and one document read when it opens (the stop document, there or not).
 */
export async function stopListenerCost(store: FirestoreSessionStore): Promise<{ on: number; off: number }> {
  const off = await longTurnMs(withoutStops(store));
  const on = await longTurnMs(store);
  const offAgain = await longTurnMs(withoutStops(store));
  return { on: Number(on.toFixed(1)), off: Number(((off + offAgain) / 2).toFixed(1)) };
}

/** Counts the queue's document operations: one read per list, one transaction (a read and a write) per push, shift, claim or withdraw. */
function countedQueue(queue: TurnQueue, counts: { reads: number; writes: number }): TurnQueue {
  const transaction = () => {
    counts.reads++;
    counts.writes++;
  };
  return {
    list: (id) => {
      counts.reads++;
      return queue.list(id);
    },
    push: (id, item, options) => {
      transaction();
      return queue.push(id, item, options);
    },
    shift: (id, requestId) => {
      transaction();
      return queue.shift(id, requestId);
    },
    claim: (id, requestId) => {
      transaction();
      return queue.claim(id, requestId);
    },
    withdraw: (id, requestId, uid) => {
      transaction();
      return queue.withdraw(id, requestId, uid);
    },
  };
}

/**
 * The queue's document reads / writes in a warm text turn of an agent that queues (`whileBusy:
 * 'queue'`) when no message waits: the look for waiting messages before the turn (no message
 * jumps ahead of them) and the run of the queue after it. The session's own reads and writes are
 * those of any turn.
 */
export async function queueTurnCost(store: FirestoreSessionStore): Promise<string> {
  const counts = { reads: 0, writes: 0 };
  const counted = Object.create(store) as SessionStore & { queue: TurnQueue };
  Object.defineProperty(counted, 'queue', { value: countedQueue(store.queue, counts) });
  const agent = defineAgent({ name: 'bench', model: scriptedModel('ok'), store: counted, whileBusy: 'queue' });
  const ctx = { uid: 'bench' };
  const { sessionId } = await agent.send(undefined, { message: 'hello' }, ctx);
  await agent.runQueued(sessionId);
  counts.reads = 0;
  counts.writes = 0;
  await agent.send(sessionId, { message: 'warm' }, ctx);
  // The run after the turn is not awaited by its caller: let it look at the (empty) queue.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return `${counts.reads} / ${counts.writes}`;
}
