import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ContinuationQueue, ContinuationTask } from '@callable-flows/kit/agent/index.js';
import { cloudTasksQueue } from '@callable-flows/kit/continuation/index.js';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFunctions } from 'firebase-admin/functions';
import { median } from './measure.js';

/**
 * A stand-in for the Cloud Tasks API on this machine: it takes a createTask request (refusing a
 * name it has seen, as Cloud Tasks does) and answers at once, so what is measured is the kit's
 * and firebase-admin's side of an enqueue plus one local HTTP round trip, not Google's service.
 */
export interface LocalTasksApi {
  host: string;
  /** createTask requests received. */
  requests: number;
  close(): Promise<void>;
}

export async function startLocalTasksApi(): Promise<LocalTasksApi> {
  const names = new Set<string>();
  const api: LocalTasksApi = { host: '', requests: 0, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      api.requests++;
      const name = (JSON.parse(body || '{}') as { task?: { name?: string } }).task?.name;
      if (name && names.has(name)) {
        res.writeHead(409, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { status: 'ALREADY_EXISTS', message: 'exists' } }));
        return;
      }
      if (name) names.add(name);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.close = () => new Promise((resolve) => server.close(() => resolve()));
  return api;
}

/** A continuation queue on firebase-admin's real task queue client, sent to `api` (as CLOUD_TASKS_EMULATOR_HOST). */
export function adminQueueOn(
  api: LocalTasksApi,
  projectId: string,
): { queue: ContinuationQueue; close(): Promise<void> } {
  process.env.CLOUD_TASKS_EMULATOR_HOST = api.host;
  const app = initializeApp({ projectId }, `bench-tasks-${Date.now().toString(36)}`);
  const client = getFunctions(app).taskQueue<ContinuationTask>('locations/us-central1/functions/continueTurn');
  return {
    queue: cloudTasksQueue({ functionName: 'continueTurn', client: async () => client }),
    close: () => deleteApp(app),
  };
}

/** Median ms of one enqueue (a new task name each time), over `runs` enqueues. */
export async function enqueueMs(queue: ContinuationQueue, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const task = { agent: 'bench', sessionId: `s${i}`, leaseId: `lease-${i}-${Date.now()}`, handOffs: 0 };
    const start = performance.now();
    await queue.enqueue(task, { delaySeconds: 13, id: `bench-${task.leaseId}` });
    times.push(performance.now() - start);
  }
  return Number(median(times).toFixed(2));
}

/** What the continuation adds to a warm text turn, measured on the session store's own operation log. */
export interface ContinuationCost {
  /** Reads / writes of the session store per warm turn: off, armed but not due (default afterMs), enqueued at start. */
  readsWrites: { off: string; armed: string; enqueued: string };
  /** Median ms of a warm turn in each mode. */
  turnMs: { off: number; armed: number; enqueued: number };
  /** Task API requests per turn when every turn is enqueued. */
  requestsPerTurn: number;
  /** Median ms of one enqueue. */
  enqueueMs: number;
  /** Reads / writes of one dispatched task that finds its turn finished. */
  taskReadsWrites: string;
}

/** Store operations as the bench's store reports them. */
export interface OpLog {
  reset(): void;
  readsWrites(): string;
}

type Send = (sessionId: string, text: string) => Promise<unknown>;

async function medianTurnMs(send: Send, sessionId: string, turns: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < turns; i++) {
    const start = performance.now();
    await send(sessionId, `warm ${i}`);
    times.push(performance.now() - start);
  }
  return Number(median(times).toFixed(2));
}

async function opsOfTurn(log: OpLog, send: Send, sessionId: string): Promise<string> {
  log.reset();
  await send(sessionId, 'counted');
  return log.readsWrites();
}

/**
 * A warm text turn three ways on one session, interleaved so load drifts alike: the continuation
 * off, armed with its default `afterMs` (a short turn ends first: nothing enqueued), and enqueued
 * as every turn starts (`afterMs: 0`) through firebase-admin to a local stand-in of the Cloud
 * Tasks API. `senders` makes the same agent in each mode.
 */
export async function measureContinuationCost(
  log: OpLog,
  api: LocalTasksApi,
  senders: { off: Send; armed: Send; enqueued: Send },
  sessionId: string,
  dispatchFinished: () => Promise<unknown>,
  queue: ContinuationQueue,
): Promise<ContinuationCost> {
  const turns = 30;
  const readsWrites = {
    off: await opsOfTurn(log, senders.off, sessionId),
    armed: await opsOfTurn(log, senders.armed, sessionId),
    enqueued: await opsOfTurn(log, senders.enqueued, sessionId),
  };
  const turnMs = { off: [] as number[], armed: [] as number[], enqueued: [] as number[] };
  for (let round = 0; round < 3; round++) {
    for (const mode of ['off', 'armed', 'enqueued'] as const)
      turnMs[mode].push(await medianTurnMs(senders[mode], sessionId, turns));
  }
  const before = api.requests;
  await medianTurnMs(senders.enqueued, sessionId, turns);
  // The enqueue is not awaited by the turn: let the last ones land before counting.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const requestsPerTurn = (api.requests - before) / turns;
  log.reset();
  await dispatchFinished();
  const taskReadsWrites = log.readsWrites();
  return {
    readsWrites,
    turnMs: { off: median(turnMs.off), armed: median(turnMs.armed), enqueued: median(turnMs.enqueued) },
    requestsPerTurn,
    enqueueMs: await enqueueMs(queue, 50),
    taskReadsWrites,
  };
}
