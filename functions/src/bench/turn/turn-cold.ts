import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RestFirestore } from '@callable-flows/kit/firestore/index.js';
import type { BenchTable } from '../bench-table.js';
import { median } from '../measure.js';
import { type ColdReport, type ColdSteps, type ColdVariant, epochMs, SPAWNED_AT_ENV } from './turn-cold-child.js';
import { MANIFEST_MESSAGE, manifestToolMessage } from './turn-messages.js';

/** Fresh processes per row (and per breakdown), the rows alternating round by round. */
const ROUNDS = 10;
const CHILD = new URL('./turn-cold-child.js', import.meta.url).pathname;
/** The cold turn's limits: the whole process, node's start to the result, on the emulator. */
const LIMIT_MS = { text: 250, tool: 300 } as const;
/** The limit on the REST client's import and first read, in a fresh process. */
const REST_FIRST_READ_LIMIT_MS = 60;
/** What the tool turn's order is (seeded for each manifest row's user): its answer must name it. */
const ORDER_ITEM = 'Bench kettle';

/** Node's compile cache (V8's compiled code per module) of a cold process: none, an empty directory, or one primed. */
type Cache = 'none' | 'empty' | 'primed';
/** A manifest turn: text only (the scripted model answers), or a tool turn (`queryOrder` reads the order). */
type TurnKind = 'text' | 'tool';

interface ColdCase {
  variant: ColdVariant;
  cache: Cache;
  label: string;
  /** The manifest's rows: which turn they send. */
  turn?: TurnKind;
}

/** The sessions a cold instance serves a turn of, by side. */
export interface ColdSessions {
  kit: string;
  genkit: string;
}

/** A manifest row's (or breakdown's) own user, session and order. */
interface ManifestSession {
  uid: string;
  sessionId: string;
  orderId: string;
}

const CACHE_LABEL: Record<Cache, string> = {
  none: 'no compile cache',
  empty: 'compile cache empty',
  primed: 'compile cache primed at build (as deployed)',
};

function cases(version: string): ColdCase[] {
  const manifest = (turn: TurnKind, cache: Cache, sdk = false): ColdCase => ({
    variant: sdk ? 'kit-manifest-sdk' : 'kit-manifest',
    cache,
    turn,
    label: `${sdk ? "the deploy manifest, its turns on firebase-admin's client (`TURNS_FIRESTORE_CLIENT=sdk`)" : 'the deploy manifest as shipped'}; ${CACHE_LABEL[cache]}`,
  });
  return [
    manifest('text', 'none'),
    manifest('text', 'empty'),
    manifest('text', 'primed'),
    manifest('tool', 'none'),
    manifest('tool', 'primed'),
    manifest('text', 'none', true),
    manifest('text', 'primed', true),
    manifest('tool', 'none', true),
    manifest('tool', 'primed', true),
    { variant: 'kit-rest-client', cache: 'none', label: "kit, the bench's callable on the kit's REST client" },
    { variant: 'kit-grpc', cache: 'none', label: "kit, the bench's callable on firebase-admin (gRPC)" },
    { variant: 'kit-prefer-rest', cache: 'none', label: "kit, the bench's callable on firebase-admin (`preferRest`)" },
    { variant: 'genkit', cache: 'none', label: `Genkit ${version}, its Firestore client (gRPC)` },
    { variant: 'genkit', cache: 'primed', label: `Genkit ${version}; compile cache primed` },
  ];
}

/** The kit's shipped compile cache (index.ts turns it on when it exists): filled for a run, removed after. */
const KIT_CACHE = fileURLToPath(new URL('../../../.compile-cache', import.meta.url));

function child<T>(args: string[], projectId: string, genkitCache?: string): T {
  const env: NodeJS.ProcessEnv = { ...process.env, GEMINI_API_KEY: '', GCLOUD_PROJECT: projectId };
  if (args[0] === 'kit-manifest-sdk') env.TURNS_FIRESTORE_CLIENT = 'sdk';
  // FUNCTIONS_EMULATOR: the manifest's App Check is `unless-emulator`.
  env.FUNCTIONS_EMULATOR = 'true';
  delete env.NODE_COMPILE_CACHE;
  if (genkitCache) env.NODE_COMPILE_CACHE = genkitCache;
  let out: string;
  try {
    // The child's whole-process figure runs from here: node's start is part of a cold instance's time.
    env[SPAWNED_AT_ENV] = String(epochMs());
    out = execFileSync(process.execPath, [CHILD, ...args], {
      encoding: 'utf8',
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '');
    throw new Error(`cold child ${args.join(' ')} failed:\n${stderr.slice(-2000)}`);
  }
  // The report is the last line: the SDKs log to stdout before it.
  return JSON.parse(out.trim().split('\n').at(-1) as string) as T;
}

/**
 * Compile caches filled as the deploy's build step fills them (imports, no request). The kit's
 * goes where the manifest looks for it (functions/.compile-cache) for the run and is removed
 * after; Genkit has no such step of its own, so its cache is given by NODE_COMPILE_CACHE.
 */
class Caches {
  readonly root = mkdtempSync(join(tmpdir(), 'turn-cold-cache-'));
  #primed = new Map<'kit' | 'genkit', string>();
  /** Runs `run` with `cache` in place for `side`; the run's argument is Genkit's cache directory. */
  with<T>(cache: Cache, side: 'kit' | 'genkit', run: (genkitCache: string | undefined) => T): T {
    if (cache === 'none') return run(undefined);
    const dir = side === 'kit' ? KIT_CACHE : join(this.root, 'genkit-run');
    rmSync(dir, { recursive: true, force: true });
    if (cache === 'primed') cpSync(this.#prime(side), dir, { recursive: true });
    else mkdirSync(dir);
    try {
      return run(side === 'genkit' ? dir : undefined);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  #prime(side: 'kit' | 'genkit'): string {
    let primed = this.#primed.get(side);
    if (!primed) {
      primed = join(this.root, `primed-${side}`);
      execFileSync(process.execPath, [CHILD, `prime-${side}`, primed], { stdio: 'ignore' });
      this.#primed.set(side, primed);
    }
    return primed;
  }
  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** A manifest turn's arguments for the child: the message, and what the answer must contain. */
function manifestArgs(turn: TurnKind, session: ManifestSession): string[] {
  return turn === 'tool' ? [manifestToolMessage(session.orderId), ORDER_ITEM] : [MANIFEST_MESSAGE, ''];
}

/**
 * Cold first turns: each case in fresh processes, the cases alternating round by round; the
 * REST client's import and first read alone; then the steps of the manifest's cold tool turn
 * timed one by one (where the time goes), without and with a primed compile cache.
 */
export async function coldTurns(
  projectId: string,
  sessions: ColdSessions,
  uid: string,
  version: string,
): Promise<BenchTable[]> {
  if (existsSync(KIT_CACHE)) throw new Error(`${KIT_CACHE} exists: the cold rows without a cache would use it`);
  const list = cases(version);
  // The manifest's limits allow a user 30 calls a minute, which the cold rows together would pass:
  // each manifest row (and each breakdown) has its own user, session and order, a few calls each.
  const db = new RestFirestore({ projectId });
  const manifestSessions = new Map<string, ManifestSession>();
  const open = async (key: string) => {
    const owner = `${uid}-${key}`;
    const orderId = `C-${String(manifestSessions.size + 100_000)}`;
    await db
      .doc(`orders/${orderId}`)
      .set({ ownerUid: owner, status: 'processing', item: ORDER_ITEM, estimatedDelivery: '2026-12-09' });
    const { sessionId } = child<{ sessionId: string }>(['kit-manifest', projectId, 'new', owner], projectId);
    manifestSessions.set(key, { uid: owner, sessionId, orderId });
  };
  // Made before the clock's rounds, so no row's round 0 also opens its session.
  for (const [i, c] of list.entries()) if (c.turn) await open(`row${i}`);
  for (const cache of ['none', 'primed']) await open(`breakdown-${cache}`);
  await db.close();
  const session = (key: string) => manifestSessions.get(key) as ManifestSession;
  const caches = new Caches();
  const reports = list.map(() => [] as ColdReport[]);
  const restReads: ColdReport[] = [];
  const steps: Record<'none' | 'primed', ColdSteps[]> = { none: [], primed: [] };
  const load: [number, number] = [loadavg()[0] as number, 0];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      list.forEach((c, i) => {
        const side = c.variant === 'genkit' ? 'genkit' : 'kit';
        const own = c.turn ? session(`row${i}`) : undefined;
        const args = [c.variant, projectId, own?.sessionId ?? sessions[side], own?.uid ?? uid];
        if (c.turn && own) args.push(...manifestArgs(c.turn, own));
        reports[i]?.push(caches.with(c.cache, side, (dir) => child<ColdReport>(args, projectId, dir)));
      });
      restReads.push(child<ColdReport>(['rest-first-read', projectId, '-', '-'], projectId));
      for (const cache of ['none', 'primed'] as const) {
        const own = session(`breakdown-${cache}`);
        const args = ['breakdown', projectId, own.sessionId, own.uid, ...manifestArgs('tool', own)];
        steps[cache].push(caches.with(cache, 'kit', () => child<ColdSteps>(args, projectId)));
      }
    }
  } finally {
    caches.remove();
  }
  load[1] = loadavg()[0] as number;
  return [coldTable(list, reports, load), restReadTable(restReads), stepsTable(steps)];
}

const f1 = (x: number) => x.toFixed(1);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const meanMedian = (xs: number[]) => `${f1(mean(xs))} / ${f1(median(xs))}`;

function coldTable(list: ColdCase[], reports: ColdReport[][], load: [number, number]): BenchTable {
  const rows = list.map((c, i) => {
    const r = reports[i] as ColdReport[];
    const whole = r.map((x) => x.processMs);
    const limit = c.turn && c.variant === 'kit-manifest' ? LIMIT_MS[c.turn] : undefined;
    const met = limit === undefined ? '' : mean(whole) <= limit && median(whole) <= limit ? 'met' : 'not met';
    return [
      c.label,
      c.turn ?? 'tool (`script: lookup*1`)',
      meanMedian(whole),
      f1(median(r.map((x) => x.processCpuMs))),
      f1(median(r.map((x) => x.importMs))),
      f1(median(r.map((x) => x.turnMs))),
      limit === undefined ? '' : `≤ ${limit}: ${met}`,
    ];
  });
  return {
    title:
      'A cold first turn, the whole process: node starts, imports the deploy manifest, serves one turn of an existing session',
    columns: [
      'instance',
      'turn',
      'whole process ms, mean / median',
      'whole process CPU ms, median',
      'import ms, median',
      'first turn ms, median',
      'limit (mean and median)',
    ],
    rows,
    notes: [
      `\`npm run bench -- turn\` (scripts/bench.sh: the build, an emulator, then \`node --expose-gc lib/bench/run.js turn\` in functions/). N = ${ROUNDS} fresh processes per row (\`lib/bench/turn/turn-cold-child.js <variant>\`), the rows alternating round by round. Whole process: from the parent's clock just before it spawns the child (node's own start-up included) to the turn's result, on the same wall clock (\`performance.timeOrigin + performance.now()\` in both); CPU: the child's \`process.cpuUsage()\` at the result (every thread, GC and compiler helpers included). Load average (1 min) ${load[0].toFixed(2)} before, ${load[1].toFixed(2)} after.`,
      `The manifest rows load nothing of the kit before the clock: the child imports \`functions/dist/index.js\` (its first import turns the compile cache on, then firebase-functions, which itself loads firebase-admin's app, auth and app-check, then the manifest), and the turn loads the flow, the kit and the turns' Firestore client, reads the user's usage counters, the session and its queue, takes the lease, runs the scripted model and writes the turn and the usage. Text: \`${MANIFEST_MESSAGE}\` (one model call). Tool: \`${manifestToolMessage('C-…')}\`, an order seeded for the row's own user: the model calls \`queryOrder\`, which reads \`orders/C-…\` through the turns' client, then answers with the order's item and calls \`finish\` (two model calls). As shipped the turns' client (sessions, counters, queue, the order tools) is the kit's REST client; the \`sdk\` rows are the same manifest with it on firebase-admin's client.`,
      "The bench's callable rows (kit and Genkit) build their callable in the child before the clock's turn, so their import column favours them; the whole-process column counts everything. Genkit: its imports, `genkit({})`, the flow and `onCallGenkit` (what its manifest does at import), then the `script: lookup*1` turn of the warm table (its `lookup` tool reads nothing).",
      "Compile cache (Node 22's `module.enableCompileCache`: V8's compiled code per module, checked against the file's content). The kit: `functions/.compile-cache`, which the manifest's first import (`compile-cache-on.ts`) turns on when it exists, before firebase-functions is compiled; \"primed at build\" is that directory as `npm run gcp-build` (`lib/prime-compile-cache.js`: imports the manifest, the flow chunks, firebase-admin and @google/genai; no request, no Firestore) fills it, copied in before each run; \"empty\" is the directory present and empty (the process compiles and writes it). Deployed, Cloud Functions' Node.js build runs `gcp-build` after installing the dependencies, in the directory the function runs from, so the cache ships in the image (documented, not measured here). Genkit has no such step: its cache is filled the same way (its imports and flow) and given by `NODE_COMPILE_CACHE`.",
      "The turn is the callable's `run(request)` (firebase-functions' handler without the HTTP layer): a request through HTTP would also verify its ID and App Check tokens with firebase-admin's auth and app-check, which firebase-functions loads at import whether or not a request verifies one (the breakdown's third step).",
      "firebase-admin's `preferRest` on the emulator needs the emulator's token given to the client (nodejs-firestore#1811): the bench passes an OAuth2Client holding it.",
      `Limits, the manifest as shipped: whole process ≤ ${LIMIT_MS.text} ms for a text turn, ≤ ${LIMIT_MS.tool} ms for a tool turn, on the emulator.`,
    ],
  };
}

function restReadTable(reads: ColdReport[]): BenchTable {
  const row = (label: string, pick: (r: ColdReport) => number) => [label, meanMedian(reads.map(pick))];
  return {
    title: "The turns' REST client alone, in a fresh process: its import and first read",
    columns: ['step', 'ms, mean / median'],
    rows: [
      row("import (`dist/turn-firestore.js`, which loads the client's chunk) and the client made", (r) => r.importMs),
      row('first read (one document, a new connection)', (r) => r.turnMs),
      row('import + first read', (r) => r.importMs + r.turnMs),
      row('the whole process (node start to the read)', (r) => r.processMs),
    ],
    notes: [
      `\`lib/bench/turn/turn-cold-child.js rest-first-read\`: N = ${reads.length} fresh processes, one per round of the table above; on the emulator (no token to fetch: on Google Cloud the first read also waits for the metadata server's token). Limit: import + first read ≤ ${REST_FIRST_READ_LIMIT_MS} ms.`,
    ],
  };
}

function stepsTable(steps: Record<'none' | 'primed', ColdSteps[]>): BenchTable {
  const names = Object.keys(steps.none[0] as ColdSteps) as (keyof ColdSteps)[];
  const asShipped = names.filter((name) => !name.startsWith('after the turn'));
  const sum = (s: ColdSteps, at: 0 | 1, which: readonly (keyof ColdSteps)[]) => which.reduce((n, k) => n + s[k][at], 0);
  const cols = (pick: (s: ColdSteps, at: 0 | 1) => number) =>
    (['none', 'primed'] as const).flatMap((cache) =>
      [0, 1].map((at) => f1(median(steps[cache].map((s) => pick(s, at as 0 | 1))))),
    );
  return {
    title: "Where a cold manifest tool turn's time goes: each step timed on its own, in one fresh process",
    columns: ['step', 'wall ms', 'CPU ms', 'wall ms, cache primed', 'CPU ms, cache primed'],
    rows: [
      ...names.map((name) => [name, ...cols((s, at) => s[name][at])]),
      [
        'the cold turn as shipped (the steps above the first "after the turn")',
        ...cols((s, at) => sum(s, at, asShipped)),
      ],
    ],
    notes: [
      `\`lib/bench/turn/turn-cold-child.js breakdown\`, N = ${ROUNDS} processes each (alternating with the rows above), medians per step (a sum's median is of the per-process sums): each step is loaded and awaited before the next, so a step's figure is its own cost, in the order the manifest's import and its first call load them; "cache primed": the kit's compile cache as the build step fills it (above). The turn: the tool turn of the table above.`,
      "The first step is node's start-up (from the parent's spawn to the child's first line: no work of the kit's). firebase-admin's app, auth and app-check are what firebase-functions/v2/https imports at load (it verifies a request's ID and App Check tokens with them); here they are imported on their own first, so the firebase-functions step is the rest of it. The last two steps are measured after the turn, in the same process, for comparison: what a turn on firebase-admin's client waits for before its first read (firebase-admin/firestore with @google-cloud/firestore, google-gax and gRPC, and the client's first RPC), and what the REST client saves a cold instance.",
    ],
  };
}
