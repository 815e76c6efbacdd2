import { execFileSync } from 'node:child_process';
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { type Side, workloads } from './engine-workloads.js';
import { loadGenkit } from './genkit/load-genkit.js';

/** Semi-space (MiB) large enough that the measured iterations fit in the young generation. */
const SEMI_SPACE_MIB = 256;
const FLAGS = ['--expose-gc', `--min-semi-space-size=${SEMI_SPACE_MIB}`, `--max-semi-space-size=${SEMI_SPACE_MIB}`];
const WARMUP = 2000;
const ITERATIONS = 300;

/**
 * Bytes one iteration of a workload allocates, exactly: after a warm-up and a forced full GC, the
 * growth of V8's used heap over `ITERATIONS` iterations ÷ `ITERATIONS`, with the young generation
 * made so large that no GC runs in between (checked: a run that saw a GC is refused). Nothing is
 * freed during the window, so every allocated byte, short-lived or not, is counted.
 */
export async function bytesPerIteration(id: string, side: Side): Promise<number> {
  const run = workloads(side === 'genkit' ? loadGenkit() : undefined).find((w) => w.id === id)?.sides[side];
  if (!run) throw new Error(`no workload '${id}' on side '${side}'`);
  return allocatedBytes(run, { warmup: WARMUP, iterations: ITERATIONS, label: `${id} ${side}` });
}

/**
 * Bytes one call of `iteration` allocates: after `warmup` calls and a forced full GC, the growth of
 * V8's used heap over `iterations` calls ÷ `iterations`. The process must have a young generation
 * large enough that no GC runs in the window (FLAGS): a window that saw one is refused.
 */
export async function allocatedBytes(
  iteration: () => unknown,
  options: { warmup: number; iterations: number; label: string },
): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  for (let i = 0; i < options.warmup; i++) await iteration();
  gc();
  gc();
  let collections = 0;
  const observer = new PerformanceObserver((list) => {
    collections += list.getEntries().length;
  });
  observer.observe({ entryTypes: ['gc'] });
  const before = getHeapStatistics().used_heap_size;
  for (let i = 0; i < options.iterations; i++) await iteration();
  const after = getHeapStatistics().used_heap_size;
  await new Promise((resolve) => setTimeout(resolve, 20));
  observer.disconnect();
  if (collections)
    throw new Error(`${options.label}: ${collections} GC(s) ran inside the window; the figure would be low`);
  return (after - before) / options.iterations;
}

/** Runs {@link bytesPerIteration} in a fresh process with the flags it needs. */
export function bytesPerIterationInChild(id: string, side: Side): number {
  const out = execFileSync(process.execPath, [...FLAGS, import.meta.filename, id, side], { encoding: 'utf8' });
  return Number(out.trim());
}

if (process.argv[1] === import.meta.filename) {
  const [id = 'b8', side = 'kit-async'] = process.argv.slice(2);
  if (!process.execArgv.includes('--expose-gc')) {
    console.log(`${id} ${side}: ${(bytesPerIterationInChild(id, side as Side) / 1024).toFixed(1)} KiB per iteration`);
  } else {
    process.stdout.write(String(await bytesPerIteration(id, side as Side)));
  }
}
