import { defineAgent } from '@callable-flows/kit/agent/index.js';
import {
  type CallRequest,
  type CallResult,
  type FlowCallable,
  onCallFlow,
} from '@callable-flows/kit/callable/index.js';
import type { GenerateRequest } from '@callable-flows/kit/model/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import { InMemorySessionStore, type SessionStore } from '@callable-flows/kit/session/index.js';
import { defineTool } from '@callable-flows/kit/tools/index.js';
import { Firestore } from '@google-cloud/firestore';
import { z } from 'zod';
import type { BenchTable } from './bench-table.js';
import { callableCall } from './callable-call.js';
import { median, quantile } from './measure.js';
import { measureInstances } from './throughput-instances.js';

/** Concurrent sessions per level: 80 is Cloud Functions' default concurrency per instance. */
const LEVELS = [1, 10, 80];
const RUNS = 3;
/** Turns each session runs back to back in a measured run. */
export const TURNS_PER_SESSION = 10;
const MODEL_DELAY_MS = 50;
/** The multi-instance row: this many processes (instances), each with its own LRU cache. */
const INSTANCES = 4;
/** Sessions over all instances in the multi-instance row (as many as the largest one-process level). */
const SPREAD_SESSIONS = 80;
/** Two model calls of 50 ms each: a turn can't take less. */
const IDEAL_TURN_MS = 2 * MODEL_DELAY_MS;
const ANSWER = 'SKU-1 is in stock at 12.50';

/** The callable handler the bench drives. */
export type Handler = FlowCallable<CallRequest, CallResult>;

/** Asks for both tools at once on a user message, answers once their results are in. */
function twoToolModel() {
  return scriptedModel(
    (request: GenerateRequest) => {
      if (request.messages.at(-1)?.role !== 'user') return ANSWER;
      const call = (name: string) => ({ toolRequest: { name, input: { sku: 'SKU-1' } } });
      return { message: { role: 'model', content: [call('stock'), call('price')] }, finishReason: 'stop' };
    },
    { delayMs: MODEL_DELAY_MS },
  );
}

/** The bench's agent: two tools the model asks for at once, over `store` (behind defineAgent's LRU cache). */
export function shopAgent(store: SessionStore) {
  const input = z.object({ sku: z.string() });
  const stock = defineTool({ name: 'stock', description: 'units in stock', inputSchema: input }, () => ({
    units: 3,
  }));
  const price = defineTool({ name: 'price', description: 'unit price', inputSchema: input }, () => ({
    price: 12.5,
  }));
  return defineAgent({ name: 'shop', model: twoToolModel(), tools: [stock, price], store });
}

function check(result: CallResult): void {
  if (result.status !== 'done' || result.text !== ANSWER) {
    throw new Error(`throughput bench: unexpected result ${JSON.stringify(result)}`);
  }
}

/** A session opened for a run: its caller and id. */
export interface OpenedSession {
  uid: string;
  sessionId: string;
}

/** Opens `sessions` sessions for run `run` (one untimed first call each). */
export function openSessions(fn: Handler, sessions: number, run: string): Promise<OpenedSession[]> {
  const users = Array.from({ length: sessions }, (_, i) => `${run}-u${i}`);
  return Promise.all(
    users.map(async (uid) => {
      const result = await fn.run(callableCall<CallRequest>({ message: 'hello' }, uid));
      check(result);
      return { uid, sessionId: result.sessionId };
    }),
  );
}

/** Runs every opened session's turns back to back, all sessions at once; each turn's latency in ms. */
export async function runTurns(fn: Handler, opened: OpenedSession[]): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    opened.map(async ({ uid, sessionId }) => {
      for (let turn = 0; turn < TURNS_PER_SESSION; turn++) {
        const began = performance.now();
        const result = await fn.run(callableCall<CallRequest>({ sessionId, message: `turn ${turn}` }, uid));
        latencies.push(performance.now() - began);
        check(result);
      }
    }),
  );
  return latencies;
}

/** One run at `sessions` concurrent sessions: each opens its session (untimed), then runs its turns back to back. */
async function runOnce(fn: Handler, sessions: number, run: string): Promise<{ wallMs: number; latencies: number[] }> {
  const opened = await openSessions(fn, sessions, run);
  const start = performance.now();
  const latencies = await runTurns(fn, opened);
  return { wallMs: performance.now() - start, latencies };
}

/**
 * Turns per second of N concurrent sessions (N = 1, 10, 80) through the callable handler
 * (`onCallFlow(...).run`), each turn two model calls of 50 ms with two tools between them,
 * sessions in Firestore (the emulator at FIRESTORE_EMULATOR_HOST) behind the LRU cache.
 */
interface Level {
  store: string;
  instances: number;
  sessions: number;
  rates: number[];
  p50s: number[];
  p95s: number[];
}

async function measureLevel(fn: Handler, store: string, sessions: number): Promise<Level> {
  const level: Level = { store, instances: 1, sessions, rates: [], p50s: [], p95s: [] };
  for (let run = 0; run < RUNS; run++) {
    const { wallMs, latencies } = await runOnce(fn, sessions, `${store}-n${sessions}r${run}`);
    latencies.sort((a, b) => a - b);
    level.rates.push((sessions * TURNS_PER_SESSION) / (wallMs / 1000));
    level.p50s.push(quantile(latencies, 0.5));
    level.p95s.push(quantile(latencies, 0.95));
  }
  return level;
}

function row(level: Level): (string | number)[] {
  const rate = median(level.rates);
  const ideal = level.sessions / (IDEAL_TURN_MS / 1000);
  return [
    level.store,
    level.instances,
    level.sessions,
    rate.toFixed(1),
    ideal.toFixed(0),
    `${((rate / ideal) * 100).toFixed(0)} %`,
    median(level.p50s).toFixed(1),
    median(level.p95s).toFixed(1),
    IDEAL_TURN_MS,
  ];
}

/**
 * Turns per second of N concurrent sessions (N = 1, 10, 80) through the callable handler
 * (`onCallFlow(...).run`), each turn two model calls of 50 ms with two tools between them;
 * sessions in Firestore (the emulator at FIRESTORE_EMULATOR_HOST) behind the LRU cache, and,
 * to show what the store costs, in memory.
 */
export async function runThroughputBench(): Promise<BenchTable> {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('the throughput bench needs FIRESTORE_EMULATOR_HOST');
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const firestore = new Firestore({ projectId: `demo-bench-tput-${Date.now().toString(36)}` });
  // No trace log: one JSON line per turn on stdout would bury the tables.
  const options = { traces: false } as const;
  const stores: [string, Handler][] = [
    ['Firestore emulator', onCallFlow(options, shopAgent(new FirestoreSessionStore({ firestore, prefix: 'tput_' })))],
    ['in memory', onCallFlow(options, shopAgent(new InMemorySessionStore()))],
  ];
  try {
    const rows: (string | number)[][] = [];
    for (const [store, fn] of stores) {
      await runOnce(fn, 10, `${store}-warmup`);
      for (const n of LEVELS) rows.push(row(await measureLevel(fn, store, n)));
      if (store === 'Firestore emulator') {
        const spread = await measureInstances({ instances: INSTANCES, sessions: SPREAD_SESSIONS, runs: RUNS });
        rows.push(row({ store, instances: INSTANCES, sessions: SPREAD_SESSIONS, ...spread }));
      }
    }
    return {
      title: 'Throughput: concurrent sessions through the callable handler',
      columns: [
        'sessions in',
        'instances',
        'sessions',
        'turns/s',
        'ideal turns/s',
        'of ideal',
        'p50 ms',
        'p95 ms',
        'ideal ms',
      ],
      rows,
      notes: [
        `A turn: the model asks for two tools at once, then answers; each model call takes ${MODEL_DELAY_MS} ms, so the ideal is N / ${IDEAL_TURN_MS / 1000} s.`,
        `Each session is opened by an untimed first call, then runs ${TURNS_PER_SESSION} turns back to back; all sessions at once, in one process (one instance).`,
        `The ${INSTANCES}-instance row: ${INSTANCES} Node processes (each its own Firestore client and LRU cache, as ${INSTANCES} Cloud Functions instances would be) against the same emulator, ${SPREAD_SESSIONS / INSTANCES} sessions each; all open their sessions, then start their turns together; turns/s = all turns ÷ (last end − first start), p50/p95 over every turn of every instance. On this machine the ${INSTANCES} processes, the emulator and the driver share its cores.`,
        `Medians of ${RUNS} runs per level; a warm-up run first. Each result is checked (status, text).`,
        'A warm turn on the LRU cache reads no document and writes two (the lease with the user message, then the result).',
        'The in-memory rows are the same turns with InMemorySessionStore: the difference is what the (emulated) Firestore writes cost.',
        "onCallFlow's trace log is off (`traces: false`); deployed, each turn also writes one log line.",
      ],
    };
  } finally {
    await firestore.terminate();
  }
}
