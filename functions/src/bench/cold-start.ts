import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchTable } from './bench-table.js';
import { median } from './measure.js';

const ROUNDS = 5;
/** functions/ (this file runs from functions/lib/bench/; it measures the bundles in functions/dist/). */
const FUNCTIONS_DIR = resolve(import.meta.dirname, '../..');
const dist = (path: string): string => pathToFileURL(resolve(FUNCTIONS_DIR, 'dist', path)).href;

interface Variant {
  label: string;
  /** Imported in order, in one fresh process; the time of all of them is measured. */
  imports: string[];
  /** The row this one is compared with, by index. */
  versus?: number;
}

const VARIANTS: Variant[] = [
  { label: 'firebase-functions alone (`firebase-functions/v2/https`)', imports: ['firebase-functions/v2/https'] },
  { label: 'the deploy manifest (`functions/dist/index.js`): the cold start', imports: [dist('index.js')], versus: 0 },
  {
    label: "… + what orderAssistant's first call loads (flow, kit, zod, wire protocol)",
    imports: [dist('index.js'), dist('order-assistant.js'), dist('run-call.js')],
    versus: 0,
  },
  {
    label:
      '… + firebase-admin/firestore (what a turn does not load: only for a stop listener after a second, or `TURNS_FIRESTORE_CLIENT=sdk`)',
    imports: [dist('index.js'), dist('order-assistant.js'), dist('run-call.js'), 'firebase-admin/firestore'],
    versus: 0,
  },
  { label: 'zod alone', imports: ['zod'] },
  {
    label: 'the engine alone, bundled (`functions/dist/engine.js`, zod included)',
    imports: [dist('engine.js')],
    versus: 4,
  },
  {
    label: 'the whole kit, bundled (`functions/dist/kit.js`: engine + firebase-functions layers)',
    imports: [dist('kit.js')],
  },
];

/** Milliseconds one fresh Node process takes to import `imports`, measured inside it. */
function importTime(imports: string[]): number {
  const script = `const t = performance.now(); for (const m of ${JSON.stringify(imports)}) await import(m); process.stdout.write(String(performance.now() - t));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: FUNCTIONS_DIR,
    env: { ...process.env, GEMINI_API_KEY: '' },
    encoding: 'utf8',
  });
  return Number(out);
}

/**
 * Cold-start import time of the built functions against firebase-functions alone: the median
 * of 5 fresh processes per variant, the variants interleaved round by round so that a busy
 * machine slows them alike. The target: the kit and the flows add at most 100 ms to a cold start.
 */
export async function runColdStartBench(): Promise<BenchTable> {
  const times = VARIANTS.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, variant] of VARIANTS.entries()) times[i]?.push(importTime(variant.imports));
  }
  const medians = times.map((t) => median(t));
  const base = medians[0] as number;
  const rows = VARIANTS.map((variant, i) => {
    const sorted = [...(times[i] as number[])].sort((a, b) => a - b);
    const versus = variant.versus;
    const delta = versus === undefined ? 0 : (medians[i] as number) - (medians[versus] as number);
    const added =
      versus === undefined ? '—' : `${delta >= 0 ? '+' : '−'}${Math.abs(delta).toFixed(0)} vs row ${versus + 1}`;
    return [
      variant.label,
      (medians[i] as number).toFixed(0),
      (sorted[0] as number).toFixed(0),
      (sorted.at(-1) as number).toFixed(0),
      added,
    ];
  });
  const manifestAdds = (medians[1] as number) - base;
  const engine = medians[5] as number;
  return {
    title: `Cold start: import time of the built functions (median of ${ROUNDS} fresh processes)`,
    columns: ['imported', 'median ms', 'min ms', 'max ms', 'difference (median ms)'],
    rows,
    notes: [
      `The deploy manifest adds ${manifestAdds.toFixed(0)} ms to firebase-functions (target ≤ 100 ms): ${manifestAdds <= 100 ? 'met' : 'NOT met'}.`,
      `The engine imports in ${engine.toFixed(0)} ms, zod included (target < 80 ms): ${engine < 80 ? 'met' : 'NOT met'}.`,
      'index.ts passes each flow to onCallFlow as a loader, so an instance loads its flow, zod and the kit on its first call (row 3), and only the flow it serves; its turns read and write Firestore through the kit’s REST client, so firebase-admin (row 4) is loaded later, if at all.',
      'Measured inside each process from the first import to the last (process start-up excluded); GEMINI_API_KEY unset.',
    ],
  };
}
