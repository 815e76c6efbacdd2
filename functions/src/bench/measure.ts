import { PerformanceObserver } from 'node:perf_hooks';

/** Per-iteration timings of one measured run. */
export interface Measurement {
  medianUs: number;
  /** Includes every pause that fell inside an iteration: what an instance pays under load. */
  meanUs: number;
  p90Us: number;
  p99Us: number;
  gcUsPerIteration: number;
  /**
   * Process CPU (all threads: GC helpers included) over the timed loop ÷ iterations: unlike the
   * wall mean, time the process spent descheduled on a busy machine does not count.
   */
  cpuUsPerIteration: number;
}

/** The q-quantile (0..1) of sorted values. */
export function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] as number;
}

/** The median of values. */
export function median(values: readonly number[]): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/**
 * Runs `iteration` `warmup` times untimed, then `iterations` times timed one by one; `check`
 * runs after each timed iteration, outside the timed region. GC time comes from `gc` entries; the
 * heap is collected (when `gc` is exposed) before the warm-up.
 */
export async function measure<T>(
  iteration: () => Promise<T>,
  check: (result: T) => void,
  { warmup = 200, iterations = 2000 } = {},
): Promise<Measurement> {
  // Start from a collected heap (with --expose-gc), so a run pays for its own garbage only, not
  // for what the side measured before it left behind. Before the warm-up, not after it: a full
  // collection deoptimises code that depends on objects with no live instance at that moment (a
  // call's own objects, between two calls), and the timed iterations would re-optimise it.
  (globalThis as { gc?: () => void }).gc?.();
  for (let i = 0; i < warmup; i++) check(await iteration());
  let gcMs = 0;
  let recording = false;
  const observer = new PerformanceObserver((list) => {
    if (recording) for (const entry of list.getEntries()) gcMs += entry.duration;
  });
  observer.observe({ entryTypes: ['gc'] });
  const times = new Array<number>(iterations);
  recording = true;
  const cpu = process.cpuUsage();
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    const result = await iteration();
    times[i] = (performance.now() - start) * 1000;
    check(result);
  }
  const used = process.cpuUsage(cpu);
  // gc entries are delivered asynchronously, after a timer tick: let them arrive before we stop counting.
  await new Promise((resolve) => setTimeout(resolve, 20));
  recording = false;
  observer.disconnect();
  let total = 0;
  for (const t of times) total += t;
  times.sort((a, b) => a - b);
  return {
    medianUs: quantile(times, 0.5),
    meanUs: total / iterations,
    p90Us: quantile(times, 0.9),
    p99Us: quantile(times, 0.99),
    gcUsPerIteration: (gcMs * 1000) / iterations,
    cpuUsPerIteration: (used.user + used.system) / iterations,
  };
}
