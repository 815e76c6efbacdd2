import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchTable } from '../bench-table.js';
import { median } from '../measure.js';
import type { ColdReport, ColdSteps, ColdVariant } from './turn-cold-child.js';
import { MANIFEST_MESSAGE } from './turn-messages.js';

const ROUNDS = 5;
const CHILD = new URL('./turn-cold-child.js', import.meta.url).pathname;

/** Node's compile cache (V8's compiled code per module) of a cold process: none, an empty directory, or one primed. */
type Cache = 'none' | 'empty' | 'primed';

interface ColdCase {
  variant: ColdVariant;
  cache: Cache;
  label: string;
}

/** The sessions a cold instance serves a turn of, by side. */
export interface ColdSessions {
  kit: string;
  genkit: string;
}

function cases(version: string): ColdCase[] {
  const manifest = `the deploy manifest as shipped: orderAssistant (limits on, its store), \`${MANIFEST_MESSAGE}\``;
  const sdk = `the deploy manifest, its turns on firebase-admin's client (\`TURNS_FIRESTORE_CLIENT=sdk\`, as before this round)`;
  return [
    { variant: 'kit-manifest', cache: 'none', label: manifest },
    { variant: 'kit-manifest', cache: 'empty', label: `${manifest}; compile cache empty` },
    { variant: 'kit-manifest', cache: 'primed', label: `${manifest}; compile cache primed at build` },
    { variant: 'kit-manifest-sdk', cache: 'none', label: `${sdk}` },
    { variant: 'kit-manifest-sdk', cache: 'primed', label: `${sdk}; compile cache primed at build` },
    { variant: 'kit-rest-client', cache: 'none', label: "kit, the kit's REST client (RestFirestore)" },
    { variant: 'kit-grpc', cache: 'none', label: 'kit, firebase-admin Firestore over gRPC (its default)' },
    { variant: 'kit-prefer-rest', cache: 'none', label: 'kit, firebase-admin Firestore with `preferRest: true`' },
    { variant: 'genkit', cache: 'none', label: `Genkit ${version}, its Firestore client (gRPC)` },
    { variant: 'genkit', cache: 'primed', label: `Genkit ${version}; compile cache primed at build` },
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

/**
 * Cold first turns: each case in fresh processes, the cases alternating round by round; then
 * the steps of the manifest's cold turn timed one by one (where the time goes), without and with
 * a primed compile cache.
 */
export function coldTurns(projectId: string, sessions: ColdSessions, uid: string, version: string): BenchTable[] {
  if (existsSync(KIT_CACHE)) throw new Error(`${KIT_CACHE} exists: the cold rows without a cache would use it`);
  const list = cases(version);
  // The manifest's limits allow a user 30 calls a minute, which the cold rows together would pass:
  // each manifest row (and each breakdown) has its own user and session, a few calls each.
  const manifestSessions = new Map<string, { uid: string; sessionId: string }>();
  const manifestSession = (key: string) => {
    let session = manifestSessions.get(key);
    if (!session) {
      const owner = `${uid}-${key}`;
      const { sessionId } = child<{ sessionId: string }>(['kit-manifest', projectId, 'new', owner], projectId);
      session = { uid: owner, sessionId };
      manifestSessions.set(key, session);
    }
    return session;
  };
  // Made before the clock's rounds, so no row's round 0 also opens its session.
  for (const [i, c] of list.entries()) if (c.variant.startsWith('kit-manifest')) manifestSession(`row${i}`);
  for (const cache of ['none', 'primed']) manifestSession(`breakdown-${cache}`);
  const caches = new Caches();
  const reports = list.map(() => [] as ColdReport[]);
  const steps: Record<'none' | 'primed', ColdSteps[]> = { none: [], primed: [] };
  const load: [number, number] = [loadavg()[0] as number, 0];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      list.forEach((c, i) => {
        const side = c.variant === 'genkit' ? 'genkit' : 'kit';
        const manifest = c.variant.startsWith('kit-manifest') ? manifestSession(`row${i}`) : undefined;
        const args = [c.variant, projectId, manifest?.sessionId ?? sessions[side], manifest?.uid ?? uid];
        reports[i]?.push(caches.with(c.cache, side, (dir) => child<ColdReport>(args, projectId, dir)));
      });
      for (const cache of ['none', 'primed'] as const) {
        const { sessionId, uid: owner } = manifestSession(`breakdown-${cache}`);
        const args = ['breakdown', projectId, sessionId, owner];
        steps[cache].push(caches.with(cache, 'kit', () => child<ColdSteps>(args, projectId)));
      }
    }
  } finally {
    caches.remove();
  }
  load[1] = loadavg()[0] as number;
  return [coldTable(list, reports, load), stepsTable(steps)];
}

const f1 = (x: number) => x.toFixed(1);

function coldTable(list: ColdCase[], reports: ColdReport[][], load: [number, number]): BenchTable {
  const rows = list.map((c, i) => {
    const r = reports[i] as ColdReport[];
    return [
      c.label,
      f1(median(r.map((x) => x.importMs))),
      f1(median(r.map((x) => x.turnMs))),
      f1(median(r.map((x) => x.turnCpuMs))),
      f1(median(r.map((x) => x.importMs + x.turnMs))),
    ];
  });
  return {
    title:
      'A cold first turn: a fresh process imports the deploy manifest, then serves one turn of an existing session',
    columns: ['instance', 'import ms', 'first turn ms', 'first turn CPU ms', 'import + turn ms'],
    rows,
    notes: [
      `Each row: ${ROUNDS} fresh processes (\`lib/bench/turn/turn-cold-child.js <variant>\`), the rows alternating round by round; medians. Load average (1 min) ${load[0].toFixed(2)} before, ${load[1].toFixed(2)} after.`,
      "The manifest rows load nothing of the kit before the clock: the import is `functions/dist/index.js` (firebase-functions and the manifest), the turn loads the flow, the bundled kit and the turns' Firestore client, reads the user's usage counters, the session and its queue, runs the scripted model and writes the turn and the usage. As shipped, the turns' client is the kit's REST client (`RestFirestore`: JSON over node:http, no firebase-admin); the `sdk` rows are the same manifest with its turns on firebase-admin's client. The other kit rows (and Genkit's) build the bench's own turn callable, whose builder loads the library's kit (zod, firebase-functions) before the clock: they favour those rows. Genkit: its imports, `genkit({})`, the flow and `onCallGenkit` (what its manifest does at import), then the `script: lookup*1` turn of the warm table.",
      "Compile cache (Node 22's `module.enableCompileCache`: V8's compiled code per module, checked against the file's content). The kit: `functions/.compile-cache`, which the manifest (`useCompileCache()` in index.ts) turns on when it exists; \"primed at build\" is that directory as `npm run gcp-build` (`lib/prime-compile-cache.js`: imports the manifest, the flow chunks, the kit, firebase-admin and @google/genai; no request, no Firestore) fills it, copied in before each run; \"empty\" is the directory present and empty (the process compiles and writes it). Deployed, Cloud Functions' Node.js build runs `gcp-build` after installing the dependencies, in the directory the function runs from, so the cache ships in the image; that is how the build is documented to work, not something measured here. Genkit has no such step: its cache is filled the same way (its imports and flow) and given by `NODE_COMPILE_CACHE`, which also covers the manifest's import.",
      "firebase-admin's `preferRest` on the emulator needs the emulator's token given to the client (nodejs-firestore#1811): the bench passes an OAuth2Client holding it.",
      'Target: cold first turn ≤ 150 ms on the emulator.',
    ],
  };
}

function stepsTable(steps: Record<'none' | 'primed', ColdSteps[]>): BenchTable {
  const names = Object.keys(steps.none[0] as ColdSteps) as (keyof ColdSteps)[];
  const sum = (s: ColdSteps, at: 0 | 1) => names.reduce((n, k) => n + s[k][at], 0);
  const cols = (pick: (s: ColdSteps, at: 0 | 1) => number) =>
    (['none', 'primed'] as const).flatMap((cache) =>
      [0, 1].map((at) => f1(median(steps[cache].map((s) => pick(s, at as 0 | 1))))),
    );
  return {
    title: "Where a cold manifest turn's time goes: each step timed on its own, in one fresh process",
    columns: ['step', 'wall ms', 'CPU ms', 'wall ms, cache primed', 'CPU ms, cache primed'],
    rows: [...names.map((name) => [name, ...cols((s, at) => s[name][at])]), ['all steps', ...cols(sum)]],
    notes: [
      `\`lib/bench/turn/turn-cold-child.js breakdown\`, ${ROUNDS} processes each (alternating with the rows above), medians per step: each step is loaded and awaited before the next, so a step's figure is its own cost; "cache primed": the kit's compile cache as the build step fills it (above).`,
      "The first four steps are the cold turn as shipped. The last two are measured after it, in the same process, for comparison: what a turn on firebase-admin's client waits for before its first read (its import, with @google-cloud/firestore, google-gax and gRPC, and the client's first RPC), and what the REST client saves a cold instance.",
    ],
  };
}
