import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { BenchTable } from '../bench-table.js';
import { protocolNotes } from '../engine-bench.js';
import { type EngineRun, loadStamps, medianOf, ratioOf } from '../engine-run.js';
import { workloads } from '../engine-workloads.js';
import type { GenkitTelemetry } from './vs-genkit-engine-child.js';

const CHILD = resolve(import.meta.dirname, 'vs-genkit-engine-child.js');

function childRun(mode: GenkitTelemetry): { version: string; run: EngineRun } {
  const out = execFileSync(process.execPath, ['--expose-gc', CHILD, mode], {
    encoding: 'utf8',
    maxBuffer: 16 * 2 ** 20,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out) as { version: string; run: EngineRun };
}

const fmt = (us: number): string => us.toFixed(1);
const x = (r: number): string => r.toFixed(2);

function table(runs: EngineRun[], mode: GenkitTelemetry, version: string, count: number): BenchTable {
  const rows = workloads().map((w) => {
    const m = (
      side: 'kit' | 'kit-async' | 'genkit' | 'floor',
      key: 'medianUs' | 'meanUs' | 'gcUsPerIteration' | 'cpuUsPerIteration',
    ) => fmt(medianOf(runs, w.id, side, key));
    return [
      w.id,
      m('kit-async', 'medianUs'),
      m('genkit', 'medianUs'),
      x(ratioOf(runs, w.id, 'kit-async', 'genkit', 'medianUs')),
      m('kit-async', 'meanUs'),
      m('genkit', 'meanUs'),
      `**${x(ratioOf(runs, w.id, 'kit-async', 'genkit', 'meanUs'))}**`,
      m('kit', 'meanUs'),
      x(ratioOf(runs, w.id, 'kit', 'genkit', 'meanUs')),
      m('kit-async', 'cpuUsPerIteration'),
      m('genkit', 'cpuUsPerIteration'),
      x(ratioOf(runs, w.id, 'kit-async', 'genkit', 'cpuUsPerIteration')),
      m('kit-async', 'gcUsPerIteration'),
      m('genkit', 'gcUsPerIteration'),
      m('floor', 'medianUs'),
      `${ratioOf(runs, w.id, 'kit', 'floor', 'medianUs').toFixed(1)}×`,
    ];
  });
  const off = mode === 'telemetry-off';
  return {
    title: off
      ? `Engine against Genkit ${version}, telemetry off (the goal): µs per iteration, ratio = kit ÷ Genkit`
      : `Engine against Genkit ${version} with its default telemetry: µs per iteration, ratio = kit ÷ Genkit`,
    columns: [
      'id',
      'kit async median',
      'Genkit median',
      'ratio',
      'kit async mean',
      'Genkit mean',
      'ratio',
      'kit sync mean',
      'ratio',
      'kit async CPU/iter',
      'Genkit CPU/iter',
      'ratio',
      'kit async GC/iter',
      'Genkit GC/iter',
      'floor median',
      'kit sync/floor',
    ],
    rows,
    notes: [
      ...protocolNotes(count),
      `Each run is one fresh process (\`lib/bench/genkit/vs-genkit-engine-child.js ${mode}\`) measuring, workload by workload, the kit with async tools, Genkit, the kit with sync tools and the floor; the two Genkit modes alternate run by run. Load average (1 min) before → after each run: ${loadStamps(runs)}.`,
      off
        ? "Genkit's OpenTelemetry set-up disabled (`disableGenkitOTelInitialization()` from `genkit/tracing` before `genkit({})`): its spans go to the no-op tracer, as the kit's do. Both sides' tools are async and await the same resolved promise. Target: kit async mean ≤ 0.2× Genkit on every workload. CPU/iter is the process's CPU time (every thread, GC helpers included) over the timed loop ÷ 2,000: on a shared, loaded machine the wall mean also counts the time the process waited for a core, which falls unevenly on the sides' blocks; the CPU mean does not."
        : "`genkit({})` with its defaults: on its first action Genkit registers a global OpenTelemetry provider that records real spans — and, the provider being global, the kit's spans are recorded in this process too.",
      `Genkit ${version} from the bench-only install in bench/genkit (never deployed), \`genkit/beta\`; Node ${process.version}.`,
    ],
  };
}

/**
 * The engine workloads on the kit and on Genkit, Genkit measured two ways (its default telemetry,
 * and telemetry off), each run a fresh interleaved process; ratios within each run.
 */
export async function runVsGenkitEngineBench(runs = 3): Promise<BenchTable[]> {
  const byMode: Record<GenkitTelemetry, EngineRun[]> = { 'telemetry-off': [], defaults: [] };
  let version = '';
  for (let i = 0; i < runs; i++) {
    for (const mode of ['telemetry-off', 'defaults'] as const) {
      console.error(`[bench] vs-genkit engine: run ${i + 1}/${runs}, Genkit ${mode} …`);
      const child = childRun(mode);
      version = child.version;
      byMode[mode].push(child.run);
    }
  }
  return [
    table(byMode['telemetry-off'], 'telemetry-off', version, runs),
    table(byMode.defaults, 'defaults', version, runs),
  ];
}
