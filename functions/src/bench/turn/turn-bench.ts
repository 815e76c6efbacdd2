import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { Firestore } from '@google-cloud/firestore';
import type { BenchTable } from '../bench-table.js';
import { callableCall } from '../callable-call.js';
import { countFirestoreOps, countSince, snapshotCount } from '../firestore-op-counter.js';
import { loadGenkit } from '../genkit/load-genkit.js';
import { median } from '../measure.js';
import type { ColdReport, ColdVariant } from './turn-cold-child.js';
import {
  genkitTurnCallable,
  kitTurnCallable,
  MANIFEST_MESSAGE,
  TURN_ANSWER,
  TURN_MESSAGE,
  type TurnCallable,
} from './turn-sides.js';

const WARMUP_TURNS = 20;
const BLOCKS = 3;
const TURNS_PER_BLOCK = 30;
const STALE_SAMPLES = 10;
const COLD_ROUNDS = 5;
const COLD_VARIANTS: ColdVariant[] = [
  'kit-manifest',
  'kit-grpc',
  'kit-rest',
  'kit-grpc-warmup',
  'kit-rest-warmup',
  'genkit',
];
const UID = 'turn-bench-user';
const CHILD = new URL('./turn-cold-child.js', import.meta.url).pathname;

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

/** Warm turns, the two sides alternating turn by turn; per block: mean CPU, median wall, and their ratios. */
async function warmTurns(kit: TurnCallable, genkit: TurnCallable) {
  let kitSession = (await turn(kit, undefined)).sessionId;
  let genkitSession = (await turn(genkit, undefined)).sessionId;
  for (let i = 0; i < WARMUP_TURNS; i++) {
    kitSession = (await turn(kit, kitSession)).sessionId;
    genkitSession = (await turn(genkit, genkitSession)).sessionId;
  }
  const blocks: { kit: Turn[]; genkit: Turn[]; load: [number, number] }[] = [];
  for (let b = 0; b < BLOCKS; b++) {
    const before = loadavg()[0] as number;
    const block = { kit: [] as Turn[], genkit: [] as Turn[], load: [before, 0] as [number, number] };
    for (let i = 0; i < TURNS_PER_BLOCK; i++) {
      block.kit.push((await turn(kit, kitSession)).turn);
      block.genkit.push((await turn(genkit, genkitSession)).turn);
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

/**
 * A turn's RPCs and ms on two instances (each its own Firestore client and defineAgent cache) of
 * one session: a warm turn (B twice in a row), and a stale one (B, then A, then B: B's copy is stale).
 */
async function rpcTurns(projectId: string, readOnly: boolean): Promise<{ warm: RpcFigures; stale: RpcFigures }> {
  const clients = [new Firestore({ projectId }), new Firestore({ projectId })];
  const [a, b] = clients.map((db) => kitTurnCallable(db, undefined, { readOnly })) as [TurnCallable, TurnCallable];
  const countB = countFirestoreOps(clients[1] as Firestore);
  const warm: RpcFigures = { rpcs: [], ms: [] };
  const stale: RpcFigures = { rpcs: [], ms: [] };
  const measured = async (into: RpcFigures, sessionId: string) => {
    const before = snapshotCount(countB);
    const { turn: t } = await turn(b, sessionId);
    into.rpcs.push(countSince(countB, before).rpcs);
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
    for (const db of clients) await db.terminate();
  }
  return { warm, stale };
}

function coldChild<T = ColdReport>(variant: ColdVariant, projectId: string, sessionId: string): T {
  const out = execFileSync(process.execPath, [CHILD, variant, projectId, sessionId, UID], {
    encoding: 'utf8',
    // FUNCTIONS_EMULATOR: the manifest's App Check is `unless-emulator`.
    env: { ...process.env, GEMINI_API_KEY: '', GCLOUD_PROJECT: projectId, FUNCTIONS_EMULATOR: 'true' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  // The report is the last line: the SDKs log to stdout before it.
  return JSON.parse(out.trim().split('\n').at(-1) as string) as T;
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
  const { Firestore: GenkitFirestore } = install.require('@google-cloud/firestore') as {
    Firestore: new (options: { projectId: string }) => { terminate(): Promise<void> };
  };
  const genkitDb = new GenkitFirestore({ projectId });
  const kit = kitTurnCallable(kitDb);
  const genkit = await genkitTurnCallable(install, genkitDb);
  const blocks = await warmTurns(kit, genkit);
  const declared = await rpcTurns(projectId, true);
  const undeclared = await rpcTurns(projectId, false);
  // Sessions the cold instances serve a turn of.
  const kitSession = (await turn(kit, undefined)).sessionId;
  const genkitSession = (await turn(genkit, undefined)).sessionId;
  await kitDb.terminate();
  await genkitDb.terminate();
  const manifestSession = coldChild<{ sessionId: string }>('kit-manifest', projectId, 'new').sessionId;
  const cold = new Map<ColdVariant, ColdReport[]>(COLD_VARIANTS.map((v) => [v, []]));
  for (let round = 0; round < COLD_ROUNDS; round++) {
    for (const variant of COLD_VARIANTS) {
      const sessionId =
        variant === 'genkit' ? genkitSession : variant === 'kit-manifest' ? manifestSession : kitSession;
      cold.get(variant)?.push(coldChild(variant, projectId, sessionId));
    }
  }
  return [warmTable(blocks, install.version), rpcTable(declared, undeclared), coldTable(cold, install.version)];
}

const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);

function warmTable(blocks: Awaited<ReturnType<typeof warmTurns>>, version: string): BenchTable {
  const per = (side: 'kit' | 'genkit', key: keyof Turn, agg: (xs: number[]) => number) =>
    blocks.map((b) => agg(b[side].map((t) => t[key])));
  const ratio = (key: keyof Turn, agg: (xs: number[]) => number) => {
    const k = per('kit', key, agg);
    const g = per('genkit', key, agg);
    return median(k.map((x, i) => x / (g[i] as number)));
  };
  const row = (label: string, key: keyof Turn, agg: (xs: number[]) => number) => [
    label,
    f2(median(per('kit', key, agg))),
    f2(median(per('genkit', key, agg))),
    f2(ratio(key, agg)),
  ];
  return {
    title: `A warm turn, whole: the kit's onCallFlow against Genkit ${version}'s onCallGenkit, one Firestore emulator`,
    columns: ['per warm turn', 'kit', 'Genkit', 'kit ÷ Genkit'],
    rows: [
      row('CPU ms, mean', 'cpuMs', mean),
      row('CPU ms, median', 'cpuMs', median),
      row('wall ms, mean', 'wallMs', mean),
      row('wall ms, median', 'wallMs', median),
    ],
    notes: [
      `A turn: \`${TURN_MESSAGE}\` — a model call, the read-only \`lookup\` tool (async), a model call — on a session of the same user, through each side's callable \`run(request)\` (firebase-functions' handler without the HTTP layer). Kit: \`onCallFlow({ traces: false }, defineAgent({ store: new FirestoreSessionStore(...) }))\`, lookup declared \`sideEffects: 'none'\`. Genkit: \`onCallGenkit(ai.defineFlow(...))\` sending on \`agent.chat({ sessionId })\` of \`ai.defineAgent({ store: new FirestoreSessionStore({ db }) })\` from @genkit-ai/firebase/beta; Genkit's OpenTelemetry set-up disabled (no spans on either side). Same scripted model (docs/bench-protocol.md) on both sides.`,
      `CPU is \`process.cpuUsage()\` of the whole process around the turn (the Firestore client's work included; the emulator is another process). ${WARMUP_TURNS} warm-up turns per side, then ${BLOCKS} blocks of ${TURNS_PER_BLOCK} turns, the sides alternating turn by turn; figures are medians over blocks, ratios computed within each block. Load average (1 min) per block: ${blocks.map((b) => `${f2(b.load[0])} → ${f2(b.load[1])}`).join('; ')}.`,
      'Target: CPU per warm turn ≤ 0.3× Genkit.',
    ],
  };
}

function rpcTable(
  declared: Awaited<ReturnType<typeof rpcTurns>>,
  undeclared: Awaited<ReturnType<typeof rpcTurns>>,
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
    ],
    notes: [
      `The warm table's turn (\`${TURN_MESSAGE}\`), limits off. Two instances (each its own Firestore client and defineAgent cache) on one session: B runs a turn, then B's next turn is measured (copy current); A runs a turn, then B's next is measured (copy stale). ${STALE_SAMPLES} samples each; RPCs counted at B's client (commits, batch gets, queries, transaction begins and rollbacks).`,
      "A stale copy costs one failed commit (the lease's precondition) and one read before the lease is taken: 4 RPCs with a declared tool. An undeclared tool's result is a commit of its own (the safe default: the journal then holds it before the next model call), 2 more per turn. With limits on (the deployed flows), each call adds one merge of the usage counters (and one read of them when the instance's copy is older than 60 s). Target for the stale turn: ≤ 4.",
    ],
  };
}

function coldTable(cold: Map<ColdVariant, ColdReport[]>, version: string): BenchTable {
  const labels: Record<ColdVariant, string> = {
    'kit-manifest': `the deploy manifest as shipped: orderAssistant (limits on, its store), \`${MANIFEST_MESSAGE}\``,
    'kit-grpc': 'kit, firebase-admin Firestore over gRPC (its default)',
    'kit-rest': 'kit, Firestore with `preferRest: true`',
    'kit-grpc-warmup': 'kit, gRPC, a warm-up read started as the request arrives',
    'kit-rest-warmup': 'kit, REST, a warm-up read started as the request arrives',
    genkit: `Genkit ${version}, its Firestore client (gRPC)`,
  };
  const rows = [...cold].map(([variant, reports]) => [
    labels[variant],
    f1(median(reports.map((r) => r.importMs))),
    f1(median(reports.map((r) => r.turnMs))),
    f1(median(reports.map((r) => r.turnCpuMs))),
    f1(median(reports.map((r) => r.importMs + r.turnMs))),
  ]);
  return {
    title:
      'A cold first turn: a fresh process imports the deploy manifest, then serves one turn of an existing session',
    columns: ['instance', 'import ms', 'first turn ms', 'first turn CPU ms', 'import + turn ms'],
    rows,
    notes: [
      `Each row: ${COLD_ROUNDS} fresh processes (\`lib/bench/turn/turn-cold-child.js <variant>\`), the variants alternating; medians. Kit: import \`functions/dist/index.js\` (the deploy manifest), then the turn loads the bundled kit (\`dist/kit.js\`) and firebase-admin as a deployed flow does on its first call, makes the Firestore client and serves the turn. Genkit: its imports, \`genkit({})\`, the flow and \`onCallGenkit\` (what its manifest does at import), then the turn. The same turn as the warm table, on the same emulator.`,
      "REST on the emulator needs the emulator's token given to the client (nodejs-firestore#1811): the bench passes an OAuth2Client holding it.",
      'Target: cold first turn ≤ 150 ms on the emulator.',
    ],
  };
}
