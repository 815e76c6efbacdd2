import { defineAgent } from '@callable-flows/kit/agent/index.js';
import type { GenerateRequest, Message } from '@callable-flows/kit/model/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { FirestoreSessionStore, type StoreOperation } from '@callable-flows/kit/session/firestore/index.js';
import { LruSessionCache } from '@callable-flows/kit/session/index.js';
import { Firestore } from '@google-cloud/firestore';
import type { BenchTable } from '../bench-table.js';
import { countFirestoreOps, countSince, type FirestoreOpCount, snapshotCount } from '../firestore-op-counter.js';
import { median } from '../measure.js';
import type { GenkitAgent, GenkitBetaModule, GenkitMessage } from './genkit-api.js';
import { type GenkitInstall, loadGenkit } from './load-genkit.js';
import { storedBytes } from './stored-bytes.js';

const TURNS = 100;
const COLD_TURNS = 20;
/** Long enough that two sends overlap on the emulator. */
const RACE_MODEL_DELAY_MS = 50;

/** One side of the comparison: a session API over Firestore, driven turn by turn. */
interface SessionSide {
  name: string;
  firestore: object;
  count: FirestoreOpCount;
  /** Opens a session with its first turn. */
  open(): Promise<string>;
  /** A turn on a session this process has just used. */
  warm(sessionId: string, text: string): Promise<string>;
  /** A turn as a fresh instance would run it (nothing of the session in memory). */
  cold(sessionId: string, text: string): Promise<string>;
  /** Two sends at once on one session: what each did, and whose message the stored history kept. */
  race(sessionId: string): Promise<string>;
  /** JSON bytes of the session's messages as the side holds them live. */
  liveBytes(sessionId: string): Promise<number>;
  close(): Promise<void>;
}

interface TurnFigures {
  latencies: number[];
  reads: number[];
  writes: number[];
}

const echo = (request: { messages: readonly { role: string; content: readonly Record<string, unknown>[] }[] }) => {
  const last = request.messages.findLast((m) => m.role === 'user');
  return `echo: ${last?.content.map((p) => (typeof p.text === 'string' ? p.text : '')).join('') ?? ''}`;
};

const bytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));

const outcome = (r: PromiseSettledResult<unknown>): string => {
  if (r.status === 'fulfilled') return 'done';
  const e = r.reason as { code?: unknown; details?: { reason?: unknown }; message?: unknown };
  return `${String(e.code ?? 'error')}${e.details?.reason ? ` (${String(e.details.reason)})` : ''}`;
};

const kept = (messages: readonly { role: string; content: readonly Record<string, unknown>[] }[], marks: string[]) =>
  marks.filter((mark) => messages.some((m) => m.role === 'user' && m.content.some((p) => p.text === mark)));

function raceReport(results: PromiseSettledResult<unknown>[], keptMarks: string[]): string {
  return `${results.map(outcome).join(' + ')}; the stored history keeps ${keptMarks.length ? keptMarks.join(' and ') : 'neither'}`;
}

function kitSide(projectId: string): SessionSide {
  const firestore = new Firestore({ projectId });
  const count = countFirestoreOps(firestore);
  const ops: StoreOperation[] = [];
  const store = new FirestoreSessionStore({ firestore, prefix: 'bench_', onOperation: (op) => ops.push(op) });
  const cache = new LruSessionCache(store);
  const model = scriptedModel((request: GenerateRequest) => echo(request));
  const agent = defineAgent({ name: 'bench', model, store: cache });
  const slow = defineAgent({
    name: 'bench',
    model: scriptedModel((request: GenerateRequest) => echo(request), { delayMs: RACE_MODEL_DELAY_MS }),
    store: cache,
  });
  const ctx = { uid: 'bench' };
  return {
    name: 'kit',
    firestore,
    count,
    open: async () => (await agent.send(undefined, { message: 'hello' }, ctx)).sessionId,
    warm: async (id, text) => (await agent.send(id, { message: text }, ctx)).text,
    cold: async (id, text) => {
      cache.clear();
      return (await agent.send(id, { message: text }, ctx)).text;
    },
    race: async (id) => {
      const marks = ['race A', 'race B'];
      const results = await Promise.allSettled(marks.map((m) => slow.send(id, { message: m }, ctx)));
      cache.clear();
      const record = await store.load(id);
      return raceReport(results, kept(record?.session.history ?? [], marks));
    },
    liveBytes: async (id) => bytes((await store.load(id))?.session.history as Message[]),
    close: () => firestore.terminate(),
  };
}

function genkitSide(install: GenkitInstall, projectId: string): SessionSide {
  const { genkit } = install.require('genkit/beta') as GenkitBetaModule;
  const { Firestore: GenkitFirestore } = install.require('@google-cloud/firestore') as { Firestore: typeof Firestore };
  const { FirestoreSessionStore: GenkitStore } = install.require('@genkit-ai/firebase/beta') as {
    FirestoreSessionStore: new (options: { db: unknown; collection?: string }) => unknown;
  };
  const firestore = new GenkitFirestore({ projectId });
  const count = countFirestoreOps(firestore);
  const store = new GenkitStore({ db: firestore, collection: 'bench-sessions' });
  const ai = genkit({});
  const model = ai.defineModel({ name: 'bench/echo', supports: { multiturn: true } }, async (request) => ({
    message: { role: 'model', content: [{ text: echo(request) }] },
    finishReason: 'stop',
  }));
  const slowModel = ai.defineModel({ name: 'bench/slow-echo', supports: { multiturn: true } }, async (request) => {
    await new Promise((resolve) => setTimeout(resolve, RACE_MODEL_DELAY_MS));
    return { message: { role: 'model', content: [{ text: echo(request) }] }, finishReason: 'stop' };
  });
  const agent: GenkitAgent = ai.defineAgent({ name: 'bench', model, store });
  const slow: GenkitAgent = ai.defineAgent({ name: 'benchSlow', model: slowModel, store });
  const chats = new Map<string, ReturnType<GenkitAgent['chat']>>();
  const sent = async (chat: ReturnType<GenkitAgent['chat']>, text: string) => {
    const response = await chat.send(text);
    if (response.finishReason !== 'stop') throw new Error(`Genkit turn ended with ${response.finishReason}`);
    return response;
  };
  return {
    name: 'Genkit',
    firestore,
    count,
    open: async () => {
      const chat = agent.chat();
      const response = await sent(chat, 'hello');
      const id = response.sessionId ?? chat.sessionId;
      if (!id) throw new Error('Genkit agent returned no sessionId');
      chats.set(id, chat);
      return id;
    },
    warm: async (id, text) => (await sent(chats.get(id) ?? agent.chat({ sessionId: id }), text)).text,
    cold: async (id, text) => (await sent(agent.chat({ sessionId: id }), text)).text,
    race: async (id) => {
      const marks = ['race A', 'race B'];
      const results = await Promise.allSettled(marks.map((m) => sent(slow.chat({ sessionId: id }), m)));
      const snapshot = await agent.getSnapshot({ sessionId: id });
      return raceReport(results, kept(snapshot?.state?.messages ?? [], marks));
    },
    liveBytes: async (id) => bytes((await agent.getSnapshot({ sessionId: id }))?.state?.messages as GenkitMessage[]),
    close: () => firestore.terminate(),
  };
}

async function turns(side: SessionSide, count: number, run: (i: number) => Promise<string>): Promise<TurnFigures> {
  const figures: TurnFigures = { latencies: [], reads: [], writes: [] };
  for (let i = 0; i < count; i++) {
    const before = snapshotCount(side.count);
    const started = performance.now();
    const text = await run(i);
    figures.latencies.push(performance.now() - started);
    const used = countSince(side.count, before);
    figures.reads.push(used.reads);
    figures.writes.push(used.writes);
    if (!text.startsWith('echo: ')) throw new Error(`${side.name}: unexpected answer ${text}`);
  }
  return figures;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const perTurn = (xs: number[]) => `${mean(xs).toFixed(2)} (${Math.min(...xs)}–${Math.max(...xs)})`;

interface SideResult {
  warm: TurnFigures;
  cold: TurnFigures;
  stored: { docs: number; bytes: number };
  live: number;
  race: string;
}

async function measureSide(side: SessionSide): Promise<SideResult> {
  const id = await side.open();
  // Turn 1 opened the session; turns 2…TURNS are warm.
  const warm = await turns(side, TURNS - 1, (i) => side.warm(id, `warm ${i}`));
  const stored = await storedBytes(side.firestore);
  const live = await side.liveBytes(id);
  const cold = await turns(side, COLD_TURNS, (i) => side.cold(id, `cold ${i}`));
  const race = await side.race(id);
  return { warm, cold, stored, live, race };
}

/**
 * Sessions on one Firestore emulator in one run: the kit's FirestoreSessionStore (behind its LRU
 * cache, through defineAgent) against Genkit's (`@genkit-ai/firebase`, through `ai.defineAgent`),
 * both counted by the same RPC-level wrapper on their own Firestore client.
 */
export async function runSessionsVsGenkitBench(): Promise<BenchTable> {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('the sessions bench needs FIRESTORE_EMULATOR_HOST');
  // Both clients would otherwise probe the GCE metadata server for a project (and warn).
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const install = loadGenkit();
  const stamp = Date.now().toString(36);
  const sides = [kitSide(`demo-bench-kit-${stamp}`), genkitSide(install, `demo-bench-genkit-${stamp}`)];
  const results: SideResult[] = [];
  try {
    for (const side of sides) results.push(await measureSide(side));
  } finally {
    for (const side of sides) await side.close();
  }
  const [kit, genkit] = results as [SideResult, SideResult];
  const both = (f: (r: SideResult) => string | number) => [f(kit), f(genkit)];
  const ms = (xs: number[]) => median(xs).toFixed(2);
  return {
    title: `Sessions on one Firestore emulator: the kit's FirestoreSessionStore against Genkit ${install.version}'s (@genkit-ai/firebase)`,
    columns: ['measure', 'kit', 'Genkit'],
    rows: [
      ['warm turn: documents read, mean (min–max)', ...both((r) => perTurn(r.warm.reads))],
      ['warm turn: documents written, mean (min–max)', ...both((r) => perTurn(r.warm.writes))],
      ['cold turn: documents read, mean (min–max)', ...both((r) => perTurn(r.cold.reads))],
      ['cold turn: documents written, mean (min–max)', ...both((r) => perTurn(r.cold.writes))],
      ['warm turn, median ms', ...both((r) => ms(r.warm.latencies))],
      ['cold turn, median ms', ...both((r) => ms(r.cold.latencies))],
      [`after ${TURNS} turns: documents stored`, ...both((r) => r.stored.docs)],
      [
        `after ${TURNS} turns: stored KiB ÷ live state KiB`,
        ...both(
          (r) =>
            `${(r.stored.bytes / 1024).toFixed(1)} ÷ ${(r.live / 1024).toFixed(1)} = ${(r.stored.bytes / r.live).toFixed(2)}`,
        ),
      ],
      ['two concurrent sends on one session', ...both((r) => r.race)],
    ],
    notes: [
      `One session per side: a first turn, then ${TURNS - 1} warm turns (text only, the model answers at once), then ${COLD_TURNS} cold turns, then the race.`,
      'Kit: `defineAgent` over `LruSessionCache(FirestoreSessionStore)`; a warm turn hits the cache, a cold one runs after `cache.clear()`. Genkit: `ai.defineAgent({ store: new FirestoreSessionStore({ db }) })` from `@genkit-ai/firebase/beta`; a warm turn is `chat.send` on the chat that ran the last turn, a cold one `agent.chat({ sessionId }).send` (Genkit keeps no session in memory, so both read the store).',
      'Documents are counted the same way on both sides, at the Firestore client’s RPCs (a wrapper on the instance’s `request`/`requestStream`): reads = documents named in batch gets (found or missing) + documents a query returns (at least 1); writes = writes in commits. Each side has its own client (Genkit needs @google-cloud/firestore 7, the kit uses 9) and its own emulator project.',
      'Stored bytes: JSON of every document’s fields in the side’s project (timestamps as JSON); live state: JSON of the session’s messages as the side loads them.',
      `The race: two sends with a model that takes ${RACE_MODEL_DELAY_MS} ms, started together on a fresh instance's view of the session; then the stored history is read back.`,
    ],
  };
}
