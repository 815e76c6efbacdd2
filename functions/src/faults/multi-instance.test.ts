import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AgentTurnResult } from '@callable-flows/kit/agent/index.js';
import { userTexts } from '@callable-flows/kit/agent/test-utils/agent-fixtures.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import { type Session, SessionSchema } from '@callable-flows/kit/session/index.js';
import { demoProjectId, emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import type { QueuedResult, StopResult } from '@callable-flows/protocol';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectsOf, SLOW_TOOL_MS } from './test-utils/instance-agent.js';

// Four Node processes, each an instance with its own LRU cache, on one Firestore emulator. Calls
// are routed at random (a seeded generator, so a failure replays): first messages, resumes that
// approve, duplicates sent to two instances at once, retries with the same request id, and
// follow-up messages. Whatever instance answers, each effect runs once, no conversation forks,
// no user message is lost, and every stored session parses. Then stops and queued messages land
// on other instances than the turn they concern: a stop reaches the turn wherever it runs, and the
// queued messages are answered on the server after it, in order, once each.

const host = firestoreEmulatorHost();
const projectId = demoProjectId('instances');
const prefix = 'mi_';
const INSTANCES = 4;
const SESSIONS = 24;
const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));

interface Reply {
  result?: AgentTurnResult | QueuedResult | StopResult;
  error?: { code: string; reason?: string; details?: { retryAfterMs?: number } };
}

/** A running instance and the calls it still owes an answer. */
interface Instance {
  child: ChildProcess;
  pending: Map<number, (reply: Reply) => void>;
}

let instances: Instance[] = [];
let firestore: Firestore | undefined;
let nextId = 0;

function start(): Promise<Instance> {
  const args = [
    '--experimental-strip-types',
    '--no-warnings',
    '--import',
    here('../../../kit/src/session/test-utils/ts-resolve-hook.mjs'),
  ];
  args.push(here('./test-utils/instance-child.ts'), host as string, projectId, prefix);
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env } });
  const instance: Instance = { child, pending: new Map() };
  return new Promise((resolve, reject) => {
    let buffer = '';
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('exit', (code) => reject(new Error(`instance exited (${code}):\n${stderr}`)));
    child.stdout?.on('data', (d: Buffer) => {
      buffer += d.toString();
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line === 'READY') resolve(instance);
        else if (line.startsWith('{')) {
          const { id, ...reply } = JSON.parse(line) as Reply & { id: number };
          instance.pending.get(id)?.(reply);
          instance.pending.delete(id);
        }
      }
    });
  });
}

/** A small seeded generator (mulberry32): the same routing on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rng = random(20261130);
const anyInstance = (): Instance => instances[Math.floor(rng() * instances.length)] as Instance;

function call(instance: Instance, body: Record<string, unknown>): Promise<Reply> {
  const id = nextId++;
  return new Promise((resolve) => {
    instance.pending.set(id, resolve);
    instance.child.stdin?.write(`${JSON.stringify({ id, ...body })}\n`);
  });
}

/** Sends `body` to random instances until one takes it; a busy session is retried after the time it names. */
async function deliver(body: Record<string, unknown>): Promise<Reply> {
  for (let attempt = 0; ; attempt++) {
    const reply = await call(anyInstance(), body);
    if (reply.error?.reason !== 'SESSION_BUSY' || attempt > 40) return reply;
    await new Promise((resolve) => setTimeout(resolve, Math.min(200, reply.error?.details?.retryAfterMs ?? 50)));
  }
}

/** Waits until `test` holds, checking every 50 ms (up to 20 × the slow model call). */
async function until(test: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20 * SLOW_TOOL_MS;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  if (!host) return;
  instances = await Promise.all(Array.from({ length: INSTANCES }, start));
  firestore = emulatorFirestore(host, projectId);
}, 60_000);

afterAll(async () => {
  for (const { child } of instances) {
    child.stdin?.end();
    child.kill('SIGTERM');
  }
  await firestore?.terminate();
});

if (!host) console.warn('\n*** SKIPPED: multi-instance test — no Firestore emulator ***\n');

describe.skipIf(!host)('four instances, each with its own cache, on one Firestore', () => {
  it('runs each approved transfer once and never forks a conversation when calls land anywhere', async () => {
    const sessions = await Promise.all(
      Array.from({ length: SESSIONS }, async (_, i) => {
        const first = { input: { message: `send 5 (#${i})` }, requestId: `m-${i}` };
        // The first call, and a client retry of it that lands on another instance at the same time.
        const [a, b] = await Promise.all([deliver(first), deliver(first)]);
        const asked = (a.result ?? b.result) as AgentTurnResult;
        expect(asked.status).toBe('interrupted');
        for (const reply of [a, b]) if (reply.result) expect(reply.result.sessionId).toBe(asked.sessionId);
        const ref = asked.interrupts[0]?.ref as string;
        const approve = { sessionId: asked.sessionId, input: { resume: { restart: [{ ref, name: 'transfer' }] } } };
        // Two approvals race on two instances (a double tap), then a retry by request id.
        const raced = await Promise.all([deliver({ ...approve, requestId: `a-${i}` }), deliver(approve)]);
        for (const reply of raced) {
          if (reply.error) expect(reply.error.reason).toBe('ALREADY_ANSWERED');
        }
        expect(raced.some((r) => r.result?.status === 'done')).toBe(true);
        const replay = await deliver({ ...approve, requestId: `a-${i}` });
        if (replay.error) expect(replay.error.reason).toBe('ALREADY_ANSWERED');
        const thanks = await deliver({ sessionId: asked.sessionId, input: { message: `thanks (#${i})` } });
        expect(thanks).toMatchObject({ result: { status: 'done' } });
        return { id: asked.sessionId, ref, i };
      }),
    );

    const store = new FirestoreSessionStore({ firestore: firestore as Firestore, prefix });
    const effects = await effectsOf(firestore as Firestore, prefix).get();
    expect(effects.size).toBe(SESSIONS);
    for (const doc of effects.docs) expect(doc.get('runs')).toBe(1);
    for (const { id, i } of sessions) {
      const session = (await store.load(id))?.session as Session;
      expect(SessionSchema.safeParse(session).success).toBe(true);
      expect(session.status).toBe('idle');
      expect(userTexts(session.history)).toEqual([`send 5 (#${i})`, `thanks (#${i})`]);
      expect(session.history.map((m) => m.role)).toEqual(['user', 'model', 'tool', 'model', 'user', 'model']);
    }
  }, 120_000);

  it('stops a turn from another instance and answers messages queued on other instances after it, in order, once each', async () => {
    const store = new FirestoreSessionStore({ firestore: firestore as Firestore, prefix });
    const sessions = await Promise.all(
      Array.from({ length: SESSIONS / 4 }, async (_, i) => {
        const [a, b, c, d] = instances as [Instance, Instance, Instance, Instance];
        const hello = await call(a, { queue: true, input: { message: `hello (#${i})` } });
        const sessionId = (hello.result as AgentTurnResult).sessionId;
        // The slow turn (a tool round) runs on one instance; the others queue behind it and (for odd sessions) stop it.
        const slow = call(b, { queue: true, sessionId, input: { message: `slowly (#${i})` }, requestId: `s-${i}` });
        await until(async () => (await store.load(sessionId))?.session.status === 'running');
        const q1 = await call(c, { queue: true, sessionId, input: { message: `q1 (#${i})` }, requestId: `q1-${i}` });
        const q2 = await call(d, { queue: true, sessionId, input: { message: `q2 (#${i})` }, requestId: `q2-${i}` });
        expect([q1.result, q2.result]).toMatchObject([
          { status: 'queued', position: 1 },
          { status: 'queued', position: 2 },
        ]);
        const stopped = i % 2 === 1;
        if (stopped) {
          const stop = await call(a, { queue: true, stop: true, sessionId });
          expect(['stopped', 'stopping']).toContain((stop.result as StopResult).status);
          expect((await slow).error?.reason).toBe('STOPPED');
        } else {
          expect((await slow).result).toMatchObject({ status: 'done' });
        }
        await until(async () => {
          const session = (await store.load(sessionId))?.session;
          return session?.status === 'idle' && (await store.queue.list(sessionId)).length === 0;
        });
        return { sessionId, i };
      }),
    );
    for (const { sessionId, i } of sessions) {
      const session = (await store.load(sessionId))?.session as Session;
      expect(SessionSchema.safeParse(session).success).toBe(true);
      expect(userTexts(session.history)).toEqual([`hello (#${i})`, `slowly (#${i})`, `q1 (#${i})`, `q2 (#${i})`]);
      // Every queued message was answered by the model before the next began: one line of history.
      const roles = session.history.map((m) => m.role);
      expect(roles).toEqual([
        'user',
        'model',
        'user',
        'model',
        'tool',
        ...(i % 2 ? [] : ['model']),
        'user',
        'model',
        'user',
        'model',
      ]);
      // A retry of a queued call on yet another instance gets the answer its turn stored.
      const again = await call(instances[i % INSTANCES] as Instance, {
        queue: true,
        sessionId,
        input: { message: `q1 (#${i})` },
        requestId: `q1-${i}`,
      });
      expect(again.result).toMatchObject({ status: 'done', text: `noted: q1 (#${i})` });
    }
  }, 120_000);
});
