import { bytesPerIterationInChild } from './alloc-per-call.js';
import type { BenchTable } from './bench-table.js';
import type { Side } from './engine-workloads.js';

const WORKLOADS = ['a', 'b8', 'c-restart', 'd'];
const SIDES: Side[] = ['kit', 'kit-async', 'floor', 'genkit'];

/** Bytes allocated per iteration of the engine workloads, on every side, each in a fresh process. */
export async function runAllocBench(): Promise<BenchTable> {
  const kib = (bytes: number): string => (bytes / 1024).toFixed(1);
  const rows = WORKLOADS.map((id) => [id, ...SIDES.map((side) => kib(bytesPerIterationInChild(id, side)))]);
  return {
    title: 'Allocation per iteration of the engine workloads (KiB)',
    columns: ['id', 'kit sync', 'kit async', 'floor', 'Genkit (defaults)'],
    rows,
    notes: [
      'Method (`functions/src/bench/alloc-per-call.ts`): in a fresh process with `--min-semi-space-size=256 --max-semi-space-size=256`, 2,000 warm-up iterations, two forced full GCs, then the growth of `v8.getHeapStatistics().used_heap_size` over 300 iterations ÷ 300. The young generation is large enough that no GC runs inside the window (a PerformanceObserver checks it; a window with a GC is refused), so every byte allocated is counted, short-lived or not.',
      'Target: kit ≤ 30 KiB per b8 call (async tools).',
    ],
  };
}
