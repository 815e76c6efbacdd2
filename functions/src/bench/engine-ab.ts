import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type * as EngineWorkloads from './engine-workloads.js';
import type * as Measure from './measure.js';

// An A/B of two builds of the kit's engine on the same machine at the same time: fresh processes,
// alternating between the builds, each measuring its build's own workloads (its own kit) as the
// engine suite does (warm-up, then timed iterations). A process per measurement, not both builds in
// one: the JIT state a process reaches decides a figure by up to a quarter, so each build is
// measured in many processes and the median taken over them.
// Usage: `node lib/bench/engine-ab.js <base checkout> <new checkout> [processes per build] [ids,…]`,
// each checkout built (`npm run build -w functions`).

const SIDES: EngineWorkloads.Side[] = ['kit', 'kit-async'];
type Figures = Record<string, { medianUs: number; meanUs: number }>;

/** In a child: one build's workloads, each side measured once; prints the figures as JSON. */
async function measureBuild(checkout: string, only: string): Promise<void> {
  const workloads: typeof EngineWorkloads = await import(resolve(checkout, 'functions/lib/bench/engine-workloads.js'));
  const measure: typeof Measure = await import(resolve(checkout, 'functions/lib/bench/measure.js'));
  const run: { WARMUP: number; ITERATIONS: number } = await import(
    resolve(checkout, 'functions/lib/bench/engine-run.js')
  );
  const figures: Figures = {};
  for (const workload of workloads.workloads()) {
    if (only && !only.split(',').includes(workload.id)) continue;
    for (const side of SIDES) {
      const iteration = workload.sides[side];
      if (!iteration) throw new Error(`workload ${workload.id} has no side ${side}`);
      const { medianUs, meanUs } = await measure.measure(iteration, workloads.checker(workload, side), {
        warmup: run.WARMUP,
        iterations: run.ITERATIONS,
      });
      figures[`${workload.id} ${side}`] = { medianUs, meanUs };
    }
  }
  console.log(JSON.stringify(figures));
}

const medianOf = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * The change from `base` to `next` as the median of every ratio of a new process's figure to a base
 * process's (Hodges-Lehmann): a process's figure falls in one of a few JIT states, and with such
 * bimodal samples the ratio of the two medians swings with how many processes each state took.
 */
const pairedChange = (base: readonly number[], next: readonly number[]): number =>
  medianOf(base.flatMap((b) => next.map((n) => n / b))) - 1;

const change = (before: number, after: number): string =>
  `${after >= before ? '+' : ''}${((after / before - 1) * 100).toFixed(1)} %`;

function compare(baseDir: string, newDir: string, processes: number, only: string): void {
  const runs: Record<'base' | 'new', Figures[]> = { base: [], new: [] };
  for (let i = 0; i < processes; i++) {
    const order = i % 2 ? (['new', 'base'] as const) : (['base', 'new'] as const);
    for (const which of order) {
      const checkout = which === 'base' ? baseDir : newDir;
      const out = execFileSync(process.execPath, ['--expose-gc', import.meta.filename, '--child', checkout, only], {
        encoding: 'utf8',
      });
      runs[which].push(JSON.parse(out) as Figures);
    }
    console.error(`[engine-ab] ${i + 1} of ${processes} processes per build`);
  }
  console.log(
    '| workload | side | base median µs | new median µs | change | change, all pairs | base mean µs | new mean µs | change |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const key of Object.keys(runs.base[0] ?? {})) {
    const of = (which: 'base' | 'new', field: 'medianUs' | 'meanUs') =>
      medianOf(runs[which].map((f) => f[key]?.[field] ?? Number.NaN));
    const [bm, nm, ba, na] = [of('base', 'medianUs'), of('new', 'medianUs'), of('base', 'meanUs'), of('new', 'meanUs')];
    const [id, side] = key.split(' ');
    const medians = (which: 'base' | 'new') => runs[which].map((f) => f[key]?.medianUs ?? Number.NaN);
    const pairs = change(1, 1 + pairedChange(medians('base'), medians('new')));
    console.log(
      `| ${id} | ${side} | ${bm.toFixed(2)} | ${nm.toFixed(2)} | ${change(bm, nm)} | ${pairs} | ${ba.toFixed(2)} | ${na.toFixed(2)} | ${change(ba, na)} |`,
    );
  }
}

const args = process.argv.slice(2);
if (args[0] === '--child') await measureBuild(args[1] ?? '', args[2] ?? '');
else {
  const [baseDir = '', newDir = '', processes = '9', only = ''] = args;
  if (!baseDir || !newDir) throw new Error('usage: engine-ab.js <base checkout> <new checkout> [processes] [ids,…]');
  compare(baseDir, newDir, Number(processes), only);
}
