import { loadavg } from 'node:os';
import { checker, type Side, type Workload } from './engine-workloads.js';
import { type Measurement, measure, median } from './measure.js';

/** One interleaved run: every workload, each side in turn, with the load average around it. */
export interface EngineRun {
  loadBefore: number;
  loadAfter: number;
  figures: Record<string, Partial<Record<Side, Measurement>>>;
}

/**
 * Warm-up iterations per workload and side, before the timed ones. 5,000, not the protocol's
 * floor of 2,000: a tool path reaches V8's optimising tier at about its 3,000th call, so with
 * 2,000 the kit's b1 (one tool call per iteration) timed that compile (stalls of several ms about
 * its 1,000th and 1,800th timed iterations) instead of the steady state the mean is for. Every
 * side gets the same warm-up.
 */
export const WARMUP = 5000;
/** Timed iterations per workload and side. */
export const ITERATIONS = 2000;

const load = (): number => loadavg()[0] as number;

/** Runs every workload on `sides` (in that order, interleaved workload by workload). */
export async function runEngineOnce(list: readonly Workload[], sides: readonly Side[]): Promise<EngineRun> {
  const loadBefore = load();
  const figures: EngineRun['figures'] = {};
  for (const w of list) {
    const entry: Partial<Record<Side, Measurement>> = {};
    for (const side of sides) {
      const iteration = w.sides[side];
      if (!iteration) throw new Error(`workload ${w.id} has no side ${side}`);
      entry[side] = await measure(iteration, checker(w, side), { warmup: WARMUP, iterations: ITERATIONS });
    }
    figures[w.id] = entry;
  }
  return { loadBefore, loadAfter: load(), figures };
}

/** One figure of one side of one workload, per run. */
export function perRun(runs: readonly EngineRun[], id: string, side: Side, key: keyof Measurement): number[] {
  return runs.map((run) => run.figures[id]?.[side]?.[key] ?? Number.NaN);
}

/** The median over runs of one figure. */
export function medianOf(runs: readonly EngineRun[], id: string, side: Side, key: keyof Measurement): number {
  return median(perRun(runs, id, side, key));
}

/** The median over runs of a ratio computed within each run: a ÷ b of the same run, never across runs. */
export function ratioOf(
  runs: readonly EngineRun[],
  id: string,
  a: Side,
  b: Side,
  key: keyof Measurement,
  bRuns: readonly EngineRun[] = runs,
): number {
  const top = perRun(runs, id, a, key);
  const bottom = perRun(bRuns, id, b, key);
  return median(top.map((x, i) => x / (bottom[i] as number)));
}

/** The load stamps of the runs, for a table's notes. */
export function loadStamps(runs: readonly EngineRun[]): string {
  return runs.map((r, i) => `run ${i + 1}: ${r.loadBefore.toFixed(2)} → ${r.loadAfter.toFixed(2)}`).join('; ');
}
