import type { BenchTable } from './bench-table.js';
import { type EngineRun, ITERATIONS, loadStamps, medianOf, ratioOf, runEngineOnce, WARMUP } from './engine-run.js';
import { workloads } from './engine-workloads.js';

const fmt = (us: number): string => us.toFixed(1);

/** What every engine table's notes say about how it was measured. */
export function protocolNotes(runs: number): string[] {
  return [
    `Protocol: docs/bench-protocol.md. ${WARMUP.toLocaleString('en')} warm-up + ${ITERATIONS.toLocaleString('en')} timed iterations per workload and side; sides interleaved workload by workload within each run; figures are medians of ${runs} runs, ratios are computed within each run and then the median of the runs taken.`,
    'Each iteration is checked outside the timed region: final text, finish reason, model and tool call counts. Each side is offered exactly the tools its workload uses.',
    `Mean is the wall time of all timed iterations ÷ ${ITERATIONS.toLocaleString('en')}, so it includes the GC pauses that fell inside iterations; GC/iter is the gc entries of a PerformanceObserver over the timed loop ÷ ${ITERATIONS.toLocaleString('en')}.`,
  ];
}

/**
 * The engine workloads, in process: the kit with sync tools (its fast path: no timer, promise
 * or race), with async tools (an `await` on a resolved I/O-like promise) and the floor.
 */
export async function runEngineBench(runs = 3): Promise<BenchTable> {
  const list = workloads();
  const all: EngineRun[] = [];
  for (let i = 0; i < runs; i++) all.push(await runEngineOnce(list, ['kit', 'kit-async', 'floor']));
  const rows = list.map((w) => {
    const f = (side: 'kit' | 'kit-async' | 'floor', key: 'medianUs' | 'meanUs' | 'p99Us' | 'gcUsPerIteration') =>
      fmt(medianOf(all, w.id, side, key));
    return [
      w.id,
      w.what,
      f('kit', 'medianUs'),
      f('kit', 'meanUs'),
      f('kit', 'p99Us'),
      f('kit-async', 'medianUs'),
      f('kit-async', 'meanUs'),
      f('kit-async', 'p99Us'),
      f('kit-async', 'gcUsPerIteration'),
      f('floor', 'medianUs'),
      `${ratioOf(all, w.id, 'kit', 'floor', 'medianUs').toFixed(1)}×`,
      `${ratioOf(all, w.id, 'kit-async', 'floor', 'medianUs').toFixed(1)}×`,
    ];
  });
  return {
    title: 'Engine (docs/bench-protocol.md): µs per iteration, kit with sync and with async tools',
    columns: [
      'id',
      'workload',
      'sync median',
      'sync mean',
      'sync p99',
      'async median',
      'async mean',
      'async p99',
      'async GC/iter',
      'floor median',
      'sync/floor',
      'async/floor',
    ],
    rows,
    notes: [
      ...protocolNotes(runs),
      `Load average (1 min) before → after each run: ${loadStamps(all)}.`,
      'The floor runs sync tools (a plain `Promise.all` over their results). Target: kit median ≤ 8× the floor on every workload. Genkit is in the vs-genkit section.',
      'Every model and tool call runs in an OpenTelemetry span with no SDK registered (the no-op path).',
    ],
  };
}
