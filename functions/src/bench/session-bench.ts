import { defineAgent } from '@callable-flows/kit/agent/index.js';
import { onCallFlow } from '@callable-flows/kit/callable/on-call-flow.js';
import { callableRequest } from '@callable-flows/kit/callable/test-utils/callable-request.js';
import type { GenerateRequest, Message } from '@callable-flows/kit/model/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { FirestoreSessionStore, type StoreOperation } from '@callable-flows/kit/session/firestore/index.js';
import { emptySession, LruSessionCache, type Session } from '@callable-flows/kit/session/index.js';
import { benchProtocolReply } from '@callable-flows/kit/test-utils/bench-protocol-reply.js';
import { defineTool } from '@callable-flows/kit/tools/index.js';
import { FirestoreUsageCounters } from '@callable-flows/kit/usage/firestore-usage-counters.js';
import { Firestore } from '@google-cloud/firestore';
import { z } from 'zod';
import type { BenchTable } from './bench-table.js';
import { LONG_TOOL_MS, queueTurnCost, stopListenerCost } from './busy-turn-cost.js';
import {
  adminQueueOn,
  type ContinuationCost,
  measureContinuationCost,
  startLocalTasksApi,
} from './continuation-cost.js';
import { median } from './measure.js';

const LOADS = 200;
const LONG = 2000;
/** Turns of history at which a warm turn's bytes are compared. */
const SHORT_TURNS = 10;
const LONG_TURNS = 400;

/** Documents read and written by the store while `run` runs. */
async function counted(ops: StoreOperation[], run: () => Promise<unknown>): Promise<string> {
  ops.length = 0;
  await run();
  const reads = ops.reduce((n, op) => n + op.reads, 0);
  const writes = ops.reduce((n, op) => n + op.writes, 0);
  return `${reads} / ${writes}`;
}

/** Bytes the store sent while `run` ran. */
async function bytesOf(ops: StoreOperation[], run: () => Promise<unknown>): Promise<number> {
  ops.length = 0;
  await run();
  return ops.reduce((n, op) => n + (op.bytes ?? 0), 0);
}

/**
 * Bytes a warm text-only turn sends at `SHORT_TURNS` and at `LONG_TURNS` turns of history: the
 * mean over ten turns at each point (a sealed tail's chunk, written once, is amortised in the mean),
 * and the largest single turn.
 */
async function bytesPerTurn(
  ops: StoreOperation[],
  send: (sessionId: string | undefined, text: string) => Promise<{ sessionId: string }>,
): Promise<{ short: { mean: number; max: number }; long: { mean: number; max: number } }> {
  const { sessionId } = await send(undefined, 'turn 0');
  const window = async (): Promise<{ mean: number; max: number }> => {
    const sizes: number[] = [];
    for (let i = 0; i < 10; i++) sizes.push(await bytesOf(ops, () => send(sessionId, `a warm turn, ${i}`)));
    return { mean: Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length), max: Math.max(...sizes) };
  };
  for (let turn = 1; turn < SHORT_TURNS - 5; turn++) await send(sessionId, `turn ${turn}`);
  const short = await window();
  for (let turn = SHORT_TURNS + 5; turn < LONG_TURNS - 5; turn++) await send(sessionId, `turn ${turn}`);
  const long = await window();
  return { short, long };
}

/**
 * Median ms of a warm text-only turn at `SHORT_TURNS` and at `LONG_TURNS` turns of history, each
 * over 20 turns of a new session grown to that length (run once the emulator is warm).
 */
async function turnMsByLength(
  send: (sessionId: string | undefined, text: string) => Promise<{ sessionId: string }>,
): Promise<{ short: number; long: number }> {
  const at = async (turns: number): Promise<number> => {
    const { sessionId } = await send(undefined, 'turn 0');
    for (let turn = 1; turn < turns; turn++) await send(sessionId, `turn ${turn}`);
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const start = performance.now();
      await send(sessionId, `a warm turn, ${i}`);
      times.push(performance.now() - start);
    }
    return Number(median(times).toFixed(2));
  };
  return { short: await at(SHORT_TURNS), long: await at(LONG_TURNS) };
}

/**
 * Time from a crash (the instance dies right after its lease write) to the first retry the
 * session accepts, retrying every 250 ms as a client honouring `retryAfterMs` would at most.
 */
async function crashToRetryMs(store: FirestoreSessionStore): Promise<{ ms: number; retryAfterMs: number }> {
  let writes = 0;
  const dying = Object.create(store) as FirestoreSessionStore;
  dying.write = async (expected, next, options) => {
    if (writes++ > 0) throw new Error('the instance is gone');
    return store.write(expected, next, options);
  };
  const ctx = { uid: 'bench' };
  const chat = (over: FirestoreSessionStore) =>
    defineAgent({ name: 'bench', model: scriptedModel(benchProtocolReply), store: over, cache: false });
  const { sessionId } = await chat(store).send(undefined, { message: 'before the crash' }, ctx);
  await chat(dying)
    .send(sessionId, { message: 'the turn that crashes' }, ctx)
    .catch(() => undefined);
  const crashedAt = performance.now();
  let retryAfterMs = -1;
  for (;;) {
    try {
      await chat(store).send(sessionId, { message: 'the turn that crashes' }, ctx);
      return { ms: Math.round(performance.now() - crashedAt), retryAfterMs };
    } catch (error) {
      const details = (error as { details?: { retryAfterMs?: number } }).details;
      if (retryAfterMs < 0) retryAfterMs = details?.retryAfterMs ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** What the continuation adds to a warm text turn (see measureContinuationCost). */
async function continuationCost(cache: LruSessionCache, ops: StoreOperation[]): Promise<ContinuationCost> {
  const api = await startLocalTasksApi();
  const admin = adminQueueOn(api, 'demo-bench-continuation');
  const ctx = { uid: 'bench' };
  const agent = (continuation?: { afterMs: number }) =>
    defineAgent({
      name: 'bench',
      model: scriptedModel(benchProtocolReply),
      store: cache,
      ...(continuation ? { continuation: { queue: admin.queue, ...continuation } } : {}),
    });
  const [off, armed, enqueued] = [agent(), agent({ afterMs: 1000 }), agent({ afterMs: 0 })];
  const send = (a: typeof off) => (sessionId: string, text: string) => a.send(sessionId, { message: text }, ctx);
  const { sessionId } = await off.send(undefined, { message: 'hello' }, ctx);
  await send(armed)(sessionId, 'warm up');
  const log = {
    reset: () => {
      ops.length = 0;
    },
    readsWrites: () => `${ops.reduce((n, op) => n + op.reads, 0)} / ${ops.reduce((n, op) => n + op.writes, 0)}`,
  };
  try {
    const finishedTask = { agent: 'bench', sessionId, leaseId: 'a-lease-long-released', handOffs: 0 };
    return await measureContinuationCost(
      log,
      api,
      { off: send(off), armed: send(armed), enqueued: send(enqueued) },
      sessionId,
      () => off.continue(finishedTask),
      admin.queue,
    );
  } finally {
    await admin.close();
    await api.close();
  }
}

/** A conversation of `count` messages: user, model calling a tool, tool, model answer, … */
function conversation(count: number): Message[] {
  const messages: Message[] = [];
  for (let i = 0; i < count; i++) {
    const ref = `t${Math.floor(i / 4)}`;
    const step = i % 4;
    if (step === 0) messages.push({ role: 'user', content: [{ text: `where is order #${10_000 + i}?` }] });
    if (step === 1)
      messages.push({ role: 'model', content: [{ toolRequest: { name: 'lookup', ref, input: { id: i } } }] });
    if (step === 2)
      messages.push({ role: 'tool', content: [{ toolResponse: { name: 'lookup', ref, output: { eta: '2 days' } } }] });
    if (step === 3)
      messages.push({ role: 'model', content: [{ text: `Order #${10_000 + i - 3} arrives in 2 days.` }] });
  }
  return messages;
}

function session(id: string, history: Message[]): Session {
  const now = Date.now();
  return {
    ...emptySession({ id, ownerUid: 'bench', agent: 'bench', now }),
    version: 1,
    expireAt: now + 86_400_000,
    history,
  };
}

/**
 * Reads / writes of a warm text turn through `onCallFlow` (the real firebase-functions runtime)
 * without and with usage limits (counters in the same Firestore), and of a user's first limited call.
 */
async function limitedTurnCost(
  firestore: Firestore,
  store: LruSessionCache,
  ops: StoreOperation[],
): Promise<{ off: string; on: string; cold: string }> {
  const agent = defineAgent({ name: 'bench', model: scriptedModel(benchProtocolReply), store });
  const counterOps = { reads: 0, writes: 0 };
  const counters = new FirestoreUsageCounters({
    firestore: firestore as never,
    collection: 'bench_usageCounters',
    onOperation: (op) => {
      counterOps.reads += op.reads;
      counterOps.writes += op.writes;
    },
  });
  const limits = { counters, callsPerMinute: 1000, tokensPerUserPerDay: 1e9, tokensPerSessionPerDay: 1e9 };
  const plain = onCallFlow({ traces: false }, agent);
  const limited = onCallFlow({ traces: false, limits }, agent);
  const call = (fn: typeof plain, sessionId: string | undefined, message: string) =>
    fn.run(callableRequest({ ...(sessionId ? { sessionId } : {}), message }, { uid: 'bench-limits' })) as Promise<{
      sessionId: string;
    }>;
  const { sessionId } = await call(plain, undefined, 'hello');
  const off = await counted(ops, () => call(plain, sessionId, 'warm'));
  await call(limited, sessionId, 'first limited call');
  const cold = `${counterOps.reads} / ${counterOps.writes}`;
  counterOps.reads = 0;
  counterOps.writes = 0;
  const session = await counted(ops, () => call(limited, sessionId, 'warm, limited'));
  return { off, on: `${session} + ${counterOps.reads} / ${counterOps.writes}`, cold };
}

/** Median ms of `LOADS` runs of `load`. */
async function loadLatency(load: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const start = performance.now();
    await load();
    times.push(performance.now() - start);
  }
  return Number(median(times).toFixed(3));
}

/** The stored size of a session's documents: count, total and largest (JSON bytes of their fields). */
async function storedSize(
  firestore: Firestore,
  prefix: string,
  id: string,
): Promise<{ docs: number; total: number; largest: number }> {
  const main = await firestore.collection(`${prefix}sessions`).doc(id).get();
  const chunks = await main.ref.collection(`${prefix}history`).get();
  const sizes = [main, ...chunks.docs].map((d) => Buffer.byteLength(JSON.stringify(d.data())));
  return { docs: sizes.length, total: sizes.reduce((a, b) => a + b, 0), largest: Math.max(...sizes) };
}

function toolModel(): ReturnType<typeof scriptedModel> {
  return scriptedModel((request: GenerateRequest) => {
    const last = request.messages.at(-1) as Message;
    if (last.role !== 'user') return 'paid';
    return {
      message: { role: 'model', content: [{ toolRequest: { name: 'charge', input: { cents: 5 } } }] },
      finishReason: 'stop',
    };
  });
}

/**
 * Firestore cost and speed of sessions, against the emulator (FIRESTORE_EMULATOR_HOST): document
 * reads and writes per turn (counted by the store's operation observer, which sees every call),
 * session load latency (cache hit vs emulator) and the stored size of a 2,000-message history.
 */
export async function runSessionBench(): Promise<BenchTable> {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('the session bench needs FIRESTORE_EMULATOR_HOST');
  const firestore = new Firestore({ projectId: `demo-bench-sessions-${Date.now().toString(36)}` });
  const prefix = 'bench_';
  const ops: StoreOperation[] = [];
  const store = new FirestoreSessionStore({ firestore, prefix, onOperation: (op) => ops.push(op) });
  const cache = new LruSessionCache(store);
  const charge = defineTool(
    { name: 'charge', description: 'charges', inputSchema: z.object({ cents: z.number() }), sideEffects: 'idempotent' },
    ({ cents }) => ({ charged: cents }),
  );
  const chat = defineAgent({ name: 'bench', model: scriptedModel(benchProtocolReply), store: cache });
  const pay = defineAgent({ name: 'bench', model: toolModel(), tools: [charge], store: cache });
  const ctx = { uid: 'bench' };
  try {
    const { sessionId } = await chat.send(undefined, { message: 'hello' }, ctx);
    // A first message under an id the client made (the typed client's way since issue 29).
    const first = await counted(ops, () => chat.send(`first-${Date.now()}`, { message: 'hello' }, ctx));
    const warm = await counted(ops, () => chat.send(sessionId, { message: 'warm' }, ctx));
    cache.clear();
    const cold = await counted(ops, () => chat.send(sessionId, { message: 'cold' }, ctx));
    const tool = await counted(ops, () => pay.send(sessionId, { message: 'pay' }, ctx));
    const limited = await limitedTurnCost(firestore, cache, ops);
    await store.create(session('long', conversation(LONG)));
    const longLoad = await counted(ops, () => store.load('long'));
    const size = await storedSize(firestore, prefix, 'long');
    const bytes = await bytesPerTurn(ops, (id, text) => chat.send(id, { message: text }, ctx));
    const turnMs = await turnMsByLength((id, text) => chat.send(id, { message: text }, ctx));
    const crash = await crashToRetryMs(store);
    const continued = await continuationCost(cache, ops);
    const listener = await stopListenerCost(store);
    const queued = await queueTurnCost(store);
    const hit = await loadLatency(() => cache.load(sessionId));
    const small = await loadLatency(() => store.load(sessionId));
    const large = await loadLatency(() => store.load('long'));
    return {
      title: 'Sessions on Firestore (emulator)',
      columns: ['measure', 'value', 'target'],
      rows: [
        ['warm turn, cache hit, text only: document reads / writes', warm, '0 / ≤ 2'],
        ['cold turn, cache miss, text only: document reads / writes', cold, '≤ 1 / ≤ 2'],
        ['first turn under the client’s own session id, text only: reads / writes', first, '≤ 1 / ≤ 2'],
        ['warm turn with one idempotent tool: reads / writes', tool, '0 / ≤ 4'],
        [
          `bytes sent by a warm text-only turn at ${SHORT_TURNS} turns: mean / largest`,
          `${bytes.short.mean} / ${bytes.short.max}`,
          '',
        ],
        [
          `bytes sent by a warm text-only turn at ${LONG_TURNS} turns: mean / largest`,
          `${bytes.long.mean} / ${bytes.long.max}`,
          `mean ≤ 2 × ${bytes.short.mean}`,
        ],
        [
          `warm text-only turn, median ms of 20: at ${SHORT_TURNS} / at ${LONG_TURNS} turns`,
          `${turnMs.short} / ${turnMs.long}`,
          '',
        ],
        [
          'crash to first accepted retry, ms (retryAfterMs of the first refusal)',
          `${crash.ms} (${crash.retryAfterMs})`,
          '≤ 15000',
        ],
        [
          'warm text turn, reads / writes: continuation off; armed (afterMs 1000); enqueued at start',
          `${continued.readsWrites.off}; ${continued.readsWrites.armed}; ${continued.readsWrites.enqueued}`,
          'all equal',
        ],
        [
          'warm text turn, median ms: continuation off / armed / enqueued at start',
          `${continued.turnMs.off} / ${continued.turnMs.armed} / ${continued.turnMs.enqueued}`,
          '',
        ],
        ['Cloud Tasks requests per turn enqueued at start', continued.requestsPerTurn, '1'],
        ['one enqueue (firebase-admin → local stand-in of the Tasks API), median ms', continued.enqueueMs, ''],
        ['a dispatched continuation task whose turn finished: reads / writes', continued.taskReadsWrites, '1 / 0'],
        [
          `a turn past 250 ms (a ${LONG_TOOL_MS} ms tool), median ms: stop listener on / off`,
          `${listener.on} / ${listener.off}`,
          '',
        ],
        ['warm turn of an agent that queues, nothing waiting: queue document reads / writes', queued, '2 / 0'],
        ['warm turn via onCallFlow, limits off: reads / writes', limited.off, '0 / ≤ 2'],
        ['warm turn via onCallFlow, limits on: reads / writes (session + counters)', limited.on, 'off + 0 / 1'],
        ['first call of a user on an instance, limits on: counter reads / writes', limited.cold, '1 / 1'],
        [`cold load of a ${LONG}-message session: document reads`, longLoad.split(' / ')[0] as string, '1 + chunks'],
        ['session load, median ms: cache hit', hit, ''],
        ['session load, median ms: emulator, short history', small, ''],
        [`session load, median ms: emulator, ${LONG} messages`, large, ''],
        [`stored ${LONG}-message history: documents`, size.docs, ''],
        [
          `stored ${LONG}-message history: total KiB / largest document KiB`,
          `${(size.total / 1024).toFixed(1)} / ${(size.largest / 1024).toFixed(1)}`,
          'largest < 1024',
        ],
      ],
      notes: [
        'Reads and writes are Firestore documents (billing units), reported by FirestoreSessionStore.onOperation.',
        'A first turn under the client’s own session id reads once (the id names no session yet, so the turn creates it; a read that finds none), then writes as a first turn always has: the session with the lease and the message, then the answer.',
        'A turn with a side-effect tool writes the lease with the user message, the model message before the tool runs, the tool result as it finishes, and the turn result.',
        'Bytes: the JSON of the fields a write sends (a warm write sends only what changed) plus any history chunk it seals.',
        'Continuation: the enqueue is one HTTP request to Cloud Tasks, made beside the turn (not awaited by it); here it goes to a local stand-in of the Tasks API, so its ms are the client side only (Cloud Tasks itself adds its own round trip). A turn shorter than afterMs (default 1 s) enqueues nothing. Turn ms: median of three interleaved rounds of 30 turns per mode.',
        `Latency: median of ${LOADS} loads each; sizes are the JSON bytes of the documents' fields.`,
        'Turn and load ms move by a third between runs: the emulator starts with the run and its JIT warms through it. Two builds are compared by runs alternating in the same minutes against one emulator (docs/benchmarks.md, issue 43).',
        'Stop listener: a turn listens for a stop once it has run 250 ms: one onSnapshot listen target on sessions/<id>/control/stop and one document read when it opens (not counted above: the listener is not the store). The two medians are of 15 turns each, the off figure the mean of a run before and after.',
        "Queue: an agent with whileBusy 'queue' reads sessions/<id>/control/queue before a message (a message never jumps ahead of waiting ones) and after the turn (to run what waits); a queued message costs one transaction (read + write) to queue and one to leave.",
        "Limits: one merge of increments per call into the user's day document (usageCounters/{uid}_{day}); the day is read on an instance's first call of the user, when its copy is older than refreshMs (60 s) or near a limit.",
      ],
    };
  } finally {
    await firestore.terminate();
  }
}
