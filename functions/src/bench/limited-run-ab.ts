import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type * as RunWithLimits from '@callable-flows/kit/tools/run-with-limits.js';
import { allocatedBytes } from './alloc-per-call.js';
import type * as Measure from './measure.js';

// An A/B of two builds of `kit/tools/run-with-limits.ts` alone: the time and the bytes of one
// limited run, for the ways a tool call takes it. A fresh process per measurement, alternating
// between the builds, the median over the processes (as engine-ab.ts does for the engine).
// Usage: `node --expose-gc lib/bench/limited-run-ab.js <base checkout> <new checkout> [processes]`,
// each checkout built (`npm run build -w functions`). The engine's own A/B (engine-ab.ts) says what
// a difference here is worth in a turn.

type Module = typeof RunWithLimits;
/** One iteration: a round of {@link CALLS} limited runs, all awaited. */
type Case = (mod: Module) => () => Promise<void>;

/** Runs per iteration: a round of eight tool calls, as the engine's b8 workload makes. */
const CALLS = 8;
const SEMI_SPACE_MIB = 256;
const BYTES_FLAGS = [
  '--expose-gc',
  `--min-semi-space-size=${SEMI_SPACE_MIB}`,
  `--max-semi-space-size=${SEMI_SPACE_MIB}`,
];
const TIMEOUT_MS = 30_000;

const syncBody = (n: number): number => n + 1;
const asyncBody = (n: number): Promise<number> => Promise.resolve(n + 1);
const identity = (n: number): number => n;

/** The cases, each run into a sink (as a tool call is) or as a promise (as `runWithLimits` callers are). */
function cases(): Record<string, Case> {
  /** A round of calls, each into a sink of its own that counts the round down, as a tool round's calls do. */
  const round =
    (body: (n: number) => number | Promise<number>, parent: AbortSignal | undefined): Case =>
    (mod) => {
      class Call extends mod.LimitSink<number> {
        readonly round: { left: number; over: () => void };
        constructor(round: { left: number; over: () => void }) {
          super();
          this.round = round;
        }
        override settle(): void {
          if (--this.round.left === 0) this.round.over();
        }
        override fail(error: unknown): void {
          throw error;
        }
      }
      return () =>
        new Promise<void>((over) => {
          const state = { left: CALLS, over };
          for (let i = 0; i < CALLS; i++)
            mod.runWithLimitsInto('tool', TIMEOUT_MS, parent, body, i, new mod.LazySignal(), identity, new Call(state));
        });
    };
  const parent = new AbortController().signal;
  return {
    'sync tool, into a sink': round(syncBody, undefined),
    'async tool (30 s), into a sink': round(asyncBody, undefined),
    'async tool (30 s) + parent signal, into a sink': round(asyncBody, parent),
    'async body (30 s), as a promise': (mod) => async () => {
      const runs: Promise<number>[] = [];
      for (let i = 0; i < CALLS; i++) runs.push(mod.runWithLimits('t', TIMEOUT_MS, parent, () => asyncBody(i)));
      await Promise.all(runs);
    },
  };
}

const load = async (checkout: string): Promise<Module> =>
  import(resolve(checkout, 'functions/lib/kit/tools/run-with-limits.js'));

/** In a child: every case of one build, timed; prints `{ case: median µs per call }` as JSON. */
async function timeBuild(checkout: string): Promise<void> {
  const mod = await load(checkout);
  const { measure }: typeof Measure = await import(resolve(checkout, 'functions/lib/bench/measure.js'));
  const figures: Record<string, number> = {};
  for (const [name, make] of Object.entries(cases())) {
    const { medianUs } = await measure(make(mod), () => {}, { warmup: 5000, iterations: 5000 });
    figures[name] = (medianUs * 1000) / CALLS;
  }
  console.log(JSON.stringify(figures));
}

/**
 * In a child (young generation large enough that no GC runs in the window, checked): the bytes
 * one call of `name` allocates, as alloc-per-call.ts counts them.
 */
async function bytesOfBuild(checkout: string, name: string): Promise<void> {
  const make = cases()[name];
  if (!make) throw new Error(`no case '${name}'`);
  const iteration = make(await load(checkout));
  const bytes = await allocatedBytes(iteration, { warmup: 5000, iterations: 1000, label: name });
  console.log(String(bytes / CALLS));
}

const medianOf = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const change = (before: number, after: number): string =>
  `${after >= before ? '+' : ''}${((after / before - 1) * 100).toFixed(1)} %`;

function child(args: string[], flags: string[] = ['--expose-gc']): string {
  return execFileSync(process.execPath, [...flags, import.meta.filename, ...args], { encoding: 'utf8' });
}

function compare(baseDir: string, newDir: string, processes: number): void {
  const builds = { base: baseDir, new: newDir } as const;
  const times: Record<'base' | 'new', Record<string, number>[]> = { base: [], new: [] };
  for (let i = 0; i < processes; i++) {
    const order = i % 2 ? (['new', 'base'] as const) : (['base', 'new'] as const);
    for (const which of order) times[which].push(JSON.parse(child(['--time', builds[which]])));
    console.error(`[limited-run-ab] ${i + 1} of ${processes} processes per build`);
  }
  console.log('| case | base ns/call | new ns/call | change | base bytes/call | new bytes/call | change |');
  console.log('|---|---|---|---|---|---|---|');
  for (const name of Object.keys(cases())) {
    const ns = (which: 'base' | 'new') => medianOf(times[which].map((f) => f[name] ?? Number.NaN));
    // Bytes are exact (no GC in the window): three processes, the median, to rule out a stray one.
    const bytes = (which: 'base' | 'new') =>
      medianOf([0, 1, 2].map(() => Number(child(['--bytes', builds[which], name], BYTES_FLAGS))));
    const [bn, nn, bb, nb] = [ns('base'), ns('new'), bytes('base'), bytes('new')];
    console.log(
      `| ${name} | ${bn.toFixed(0)} | ${nn.toFixed(0)} | ${change(bn, nn)} | ${bb.toFixed(0)} | ${nb.toFixed(0)} | ${change(bb, nb)} |`,
    );
  }
}

const args = process.argv.slice(2);
if (args[0] === '--time') await timeBuild(args[1] ?? '');
else if (args[0] === '--bytes') await bytesOfBuild(args[1] ?? '', args[2] ?? '');
else {
  const [baseDir = '', newDir = '', processes = '9'] = args;
  if (!baseDir || !newDir) throw new Error('usage: limited-run-ab.js <base checkout> <new checkout> [processes]');
  compare(baseDir, newDir, Number(processes));
}
