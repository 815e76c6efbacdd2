import { loadavg } from 'node:os';
import { type DocumentDb, RestFirestore } from '@callable-flows/kit/firestore/index.js';
import { Firestore } from '@google-cloud/firestore';
import type { BenchTable } from '../bench-table.js';
import { callableCall } from '../callable-call.js';
import { countFirestoreOps } from '../firestore-op-counter.js';
import { loadGenkit } from '../genkit/load-genkit.js';
import { median } from '../measure.js';
import { coldTurns } from './turn-cold.js';
import { TURN_ANSWER, TURN_MESSAGE } from './turn-messages.js';
import { genkitTurnCallable, kitTurnCallable, type TurnCallable } from './turn-sides.js';

const WARMUP_TURNS = 20;
const BLOCKS = 3;
const TURNS_PER_BLOCK = 30;
const STALE_SAMPLES = 10;
const UID = 'turn-bench-user';

interface Turn {
  cpuMs: number;
  wallMs: number;
}

async function turn(fn: TurnCallable, sessionId: string | undefined): Promise<{ sessionId: string; turn: Turn }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await fn.run(callableCall({ ...(sessionId && { sessionId }), message: TURN_MESSAGE }, UID));
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (result.text !== TURN_ANSWER) throw new Error(`turn bench: unexpected answer ${JSON.stringify(result)}`);
  return { sessionId: result.sessionId, turn: { cpuMs: (used.user + used.system) / 1000, wallMs } };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The sides of the warm table: the kit on each Firestore client, and Genkit. */
const SIDES = ['kitRest', 'kitSdk', 'genkit'] as const;
type Side = (typeof SIDES)[number];
type Block = Record<Side, Turn[]> & { load: [number, number] };

/** Warm turns, the sides alternating turn by turn; per block, each side's turns. */
async function warmTurns(callables: Record<Side, TurnCallable>): Promise<Block[]> {
  const sessions = {} as Record<Side, string>;
  for (const side of SIDES) sessions[side] = (await turn(callables[side], undefined)).sessionId;
  for (let i = 0; i < WARMUP_TURNS; i++) {
    for (const side of SIDES) sessions[side] = (await turn(callables[side], sessions[side])).sessionId;
  }
  const blocks: Block[] = [];
  for (let b = 0; b < BLOCKS; b++) {
    const block: Block = { kitRest: [], kitSdk: [], genkit: [], load: [loadavg()[0] as number, 0] };
    for (let i = 0; i < TURNS_PER_BLOCK; i++) {
      for (const side of SIDES) block[side].push((await turn(callables[side], sessions[side])).turn);
    }
    block.load[1] = loadavg()[0] as number;
    blocks.push(block);
  }
  return blocks;
}

interface RpcFigures {
  rpcs: number[];
  ms: number[];
}

/** One instance's Firestore client for the RPC table, and how many RPCs it has sent so far. */
interface CountedClient {
  db: DocumentDb;
  rpcs(): number;
  close(): Promise<void>;
}

/** firebase-admin's client, counted at its RPC entry points. */
function sdkClient(projectId: string): CountedClient {
  const db = new Firestore({ projectId });
  const count = countFirestoreOps(db);
  return { db, rpcs: () => count.rpcs, close: () => db.terminate() };
}

/**
 * The kit's REST client (what the deployed turns use), counted at its endpoint: the transport
 * asks for the \`Authorization\` header once per HTTP request it sends, retries included.
 */
function restClient(projectId: string): CountedClient {
  const emulator = process.env.FIRESTORE_EMULATOR_HOST as string;
  let sent = 0;
  const endpoint = {
    origin: `http://${emulator}`,
    authorization: async () => {
      sent++;
      return 'Bearer owner';
    },
  };
  const db = new RestFirestore({ projectId, endpoint });
  return { db, rpcs: () => sent, close: () => db.close() };
}

/**
 * A turn's RPCs and ms on two instances (each its own Firestore client and defineAgent cache) of
 * one session: a warm turn (B twice in a row), and a stale one (B, then A, then B: B's copy is stale).
 */
async function rpcTurns(
  projectId: string,
  readOnly: boolean,
  client: (projectId: string) => CountedClient = sdkClient,
): Promise<{ warm: RpcFigures; stale: RpcFigures }> {
  const clients = [client(projectId), client(projectId)] as const;
  const prefix = client === restClient ? 'rest_rpc_' : 'turn_';
  const [a, b] = clients.map((c) => kitTurnCallable(c.db, undefined, { readOnly, prefix })) as [
    TurnCallable,
    TurnCallable,
  ];
  const warm: RpcFigures = { rpcs: [], ms: [] };
  const stale: RpcFigures = { rpcs: [], ms: [] };
  const measured = async (into: RpcFigures, sessionId: string) => {
    const before = clients[1].rpcs();
    const { turn: t } = await turn(b, sessionId);
    into.rpcs.push(clients[1].rpcs() - before);
    into.ms.push(t.wallMs);
  };
  try {
    const sessionId = (await turn(a, undefined)).sessionId;
    for (let i = 0; i < STALE_SAMPLES; i++) {
      await turn(b, sessionId);
      await measured(warm, sessionId); // b's copy is current
      await turn(a, sessionId); // … and now stale
      await measured(stale, sessionId);
    }
  } finally {
    for (const c of clients) await c.close();
  }
  return { warm, stale };
}

/**
 * The cost of a whole turn on one Firestore emulator: CPU and wall per warm turn through each side's
 * callable (the kit's `onCallFlow(...).run()` with FirestoreSessionStore; Genkit's `onCallGenkit`
 * with its FirestoreSessionStore), the stale-copy turn's RPCs, and a cold first turn per variant.
 */
export async function runTurnBench(): Promise<BenchTable[]> {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('the turn bench needs FIRESTORE_EMULATOR_HOST');
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const install = loadGenkit();
  (install.require('genkit/tracing') as { disableGenkitOTelInitialization(): void }).disableGenkitOTelInitialization();
  const projectId = `demo-turn-${Date.now().toString(36)}`;
  const kitDb = new Firestore({ projectId });
  const restDb = new RestFirestore({ projectId, listenWith: async () => kitDb });
  const { Firestore: GenkitFirestore } = install.require('@google-cloud/firestore') as {
    Firestore: new (options: { projectId: string }) => { terminate(): Promise<void> };
  };
  const genkitDb = new GenkitFirestore({ projectId });
  const kit = kitTurnCallable(kitDb);
  const genkit = await genkitTurnCallable(install, genkitDb);
  const blocks = await warmTurns({
    kitRest: kitTurnCallable(restDb, undefined, { prefix: 'rest_' }),
    kitSdk: kit,
    genkit,
  });
  const declared = await rpcTurns(projectId, true);
  const undeclared = await rpcTurns(projectId, false);
  const declaredRest = await rpcTurns(projectId, true, restClient);
  // Sessions the cold instances serve a turn of.
  const kitSession = (await turn(kit, undefined)).sessionId;
  const genkitSession = (await turn(genkit, undefined)).sessionId;
  await kitDb.terminate();
  await restDb.close();
  await genkitDb.terminate();
  const sessions = { kit: kitSession, genkit: genkitSession };
  return [
    warmTable(blocks, install.version),
    rpcTable(declared, undeclared, declaredRest),
    ...(await coldTurns(projectId, sessions, UID, install.version)),
  ];
}

const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);

function warmTable(blocks: Block[], version: string): BenchTable {
  const per = (side: Side, key: keyof Turn, agg: (xs: number[]) => number) =>
    blocks.map((b) => agg(b[side].map((t) => t[key])));
  const ratio = (side: Side, key: keyof Turn, agg: (xs: number[]) => number) => {
    const k = per(side, key, agg);
    const g = per('genkit', key, agg);
    return median(k.map((x, i) => x / (g[i] as number)));
  };
  const row = (label: string, key: keyof Turn, agg: (xs: number[]) => number) => [
    label,
    ...SIDES.map((side) => f2(median(per(side, key, agg)))),
    f2(ratio('kitRest', key, agg)),
    f2(ratio('kitSdk', key, agg)),
  ];
  return {
    title: `A warm turn, whole: the kit's onCallFlow against Genkit ${version}'s onCallGenkit, one Firestore emulator`,
    columns: [
      'per warm turn',
      'kit, REST client (as deployed)',
      'kit, firebase-admin',
      'Genkit',
      'kit REST ÷ Genkit',
      'kit firebase-admin ÷ Genkit',
    ],
    rows: [
      row('CPU ms, mean', 'cpuMs', mean),
      row('CPU ms, median', 'cpuMs', median),
      row('wall ms, mean', 'wallMs', mean),
      row('wall ms, median', 'wallMs', median),
    ],
    notes: [
      `A turn: \`${TURN_MESSAGE}\` — a model call, the read-only \`lookup\` tool (async), a model call — on a session of the same user, through each side's callable \`run(request)\` (firebase-functions' handler without the HTTP layer). Kit: \`onCallFlow({ traces: false }, defineAgent({ store: new FirestoreSessionStore(...) }))\`, lookup declared \`sideEffects: 'none'\`, the store on the kit's \`RestFirestore\` (what the deployed flows use) or on firebase-admin's client. Genkit: \`onCallGenkit(ai.defineFlow(...))\` sending on \`agent.chat({ sessionId })\` of \`ai.defineAgent({ store: new FirestoreSessionStore({ db }) })\` from @genkit-ai/firebase/beta; Genkit's OpenTelemetry set-up disabled (no spans on either side). Same scripted model (docs/bench-protocol.md) on every side.`,
      `CPU is \`process.cpuUsage()\` of the whole process around the turn (the Firestore client's work included; the emulator is another process). ${WARMUP_TURNS} warm-up turns per side, then ${BLOCKS} blocks of ${TURNS_PER_BLOCK} turns, the sides alternating turn by turn; figures are medians over blocks, ratios computed within each block. Load average (1 min) per block: ${blocks.map((b) => `${f2(b.load[0])} → ${f2(b.load[1])}`).join('; ')}.`,
      'Target: CPU per warm turn ≤ 0.3× Genkit.',
    ],
  };
}

function rpcTable(
  declared: Awaited<ReturnType<typeof rpcTurns>>,
  undeclared: Awaited<ReturnType<typeof rpcTurns>>,
  declaredRest: Awaited<ReturnType<typeof rpcTurns>>,
): BenchTable {
  const row = (label: string, figures: RpcFigures) => [
    label,
    `${median(figures.rpcs)} (${Math.min(...figures.rpcs)}–${Math.max(...figures.rpcs)})`,
    f1(median(figures.ms)),
  ];
  return {
    title:
      'RPCs of a turn through onCallFlow on a warm instance: current or stale cached copy, read-only tool declared or not',
    columns: ['turn', 'RPCs, median (min–max)', 'wall ms, median'],
    rows: [
      row("cached copy current, `lookup` declared `sideEffects: 'none'`", declared.warm),
      row('cached copy current, `lookup` undeclared (the default)', undeclared.warm),
      row("cached copy stale, `lookup` declared `sideEffects: 'none'`", declared.stale),
      row('cached copy stale, `lookup` undeclared (the default)', undeclared.stale),
      row("cached copy current, `lookup` declared `sideEffects: 'none'`; the kit's REST client", declaredRest.warm),
      row("cached copy stale, `lookup` declared `sideEffects: 'none'`; the kit's REST client", declaredRest.stale),
    ],
    notes: [
      `The warm table's turn (\`${TURN_MESSAGE}\`), limits off. Two instances (each its own Firestore client and defineAgent cache) on one session: B runs a turn, then B's next turn is measured (copy current); A runs a turn, then B's next is measured (copy stale). ${STALE_SAMPLES} samples each; RPCs counted at B's client (commits, batch gets, queries, transaction begins and rollbacks): firebase-admin's at its RPC entry points; the REST client's (the last two rows, what the deployed turns use) at its endpoint, one per HTTP request sent (retries included).`,
      "A stale copy costs one failed commit (the lease's precondition) and one read before the lease is taken: 4 RPCs with a declared tool. An undeclared tool's result is a commit of its own (the safe default: the journal then holds it before the next model call), 2 more per turn. With limits on (the deployed flows), each call adds one merge of the usage counters (and one read of them when the instance's copy is older than 60 s). Target for the stale turn: ≤ 4.",
    ],
  };
}
