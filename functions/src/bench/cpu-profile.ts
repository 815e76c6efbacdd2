import { execFileSync } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import type { BenchTable } from './bench-table.js';
import { type Side, workloads } from './engine-workloads.js';
import { loadGenkit } from './genkit/load-genkit.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const ITERATIONS = 20_000;

/** Self time (µs) by function (name, file, line), from the samples of a V8 CPU profile. */
function selfTimeBySite(profile: Profile): Map<string, number> {
  const site = new Map<number, string>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*\/(functions\/lib|node_modules)\//, '$1/');
    site.set(node.id, `${functionName || '(anonymous)'} ${file}${file ? `:${lineNumber + 1}` : ''}`);
  }
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const key = site.get(id) ?? '?';
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return self;
}

/**
 * Where a workload's CPU goes: V8's sampling CPU profiler (100 µs interval) over 20,000 iterations
 * after 2,000 warm-up ones, top functions by self time (the inspector's own frames left out).
 * Usage: `node --expose-gc lib/bench/cpu-profile.js d [kit|kit-async|genkit|floor] [top]`.
 */
async function profileLines(id: string, side: string, top: number): Promise<string[]> {
  const list = workloads(side === 'genkit' ? loadGenkit() : undefined);
  const run = list.find((w) => w.id === id)?.sides[side as Side];
  if (!run) throw new Error(`no workload '${id}' on side '${side}'`);
  for (let i = 0; i < 2000; i++) await run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  for (let i = 0; i < ITERATIONS; i++) await run();
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
  session.disconnect();
  const sites = [...selfTimeBySite(profile)]
    .filter(([where]) => !where.includes('node:inspector'))
    .sort((a, b) => b[1] - a[1]);
  const total = sites.reduce((n, [, us]) => n + us, 0);
  return [
    `${id} ${side}: ${(total / ITERATIONS).toFixed(1)} µs sampled per iteration; top self time:`,
    ...sites.slice(0, top).map(([where, us]) => `${((100 * us) / total).toFixed(1).padStart(5)} %  ${where}`),
  ];
}

const PROFILED = ['b8', 'c-restart', 'd'];

/** The top self-time functions of the kit (async tools) on b8, c-restart and d, each profiled in a fresh process. */
export async function runProfileBench(top = 12): Promise<BenchTable> {
  const blocks = PROFILED.map((id) =>
    execFileSync(process.execPath, ['--expose-gc', import.meta.filename, id, 'kit-async', String(top)], {
      encoding: 'utf8',
    }).trim(),
  );
  return {
    title: "Where the kit's CPU goes (async tools): V8 CPU profile, top functions by self time",
    columns: ['profile'],
    rows: [],
    notes: [
      "Method: `node --expose-gc functions/lib/bench/cpu-profile.js <id> kit-async 12` — V8's sampling CPU profiler at 100 µs over 20,000 iterations after 2,000 warm-up ones, each workload in a fresh process; self time per function, the inspector's own frames left out. Sampled µs per iteration include the profiler's overhead.",
    ],
    preformatted: blocks.join('\n\n'),
  };
}

if (process.argv[1] === import.meta.filename) {
  const [id = 'b8', side = 'kit-async', top = '15'] = process.argv.slice(2);
  console.log((await profileLines(id, side, Number(top))).join('\n'));
}
