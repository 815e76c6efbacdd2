import { cpus, loadavg } from 'node:os';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchChromium, PHONE } from '../test/test-utils/browser.js';
import type { StreamGate } from '../test/test-utils/stream-gate.js';
import { startWebStack } from '../test/test-utils/web-stack.js';
import { measuredCommit, writeBenchSection } from './bench-section.js';
import { type VisitMarks, visit } from './person-timings.js';
import { type StopMarks, stopVisit } from './stop-timings.js';

// `npm run bench -- web` (scripts/bench.sh): the web app's timings as a person sees them, in
// Debian's Chromium against the local stack (the functions emulator playing the scripted model,
// so the model itself costs ~0 ms: what is left is the app, the SDKs, the emulators and the
// functions). Each visit is a new guest. Written to docs/benchmarks.md, section `web`; never asserted.

const RUNS = Number(process.env.WEB_BENCH_RUNS ?? 10);

type Step<M> = [label: string, from: keyof M | 'load', to: keyof M];

const STEPS: Step<VisitMarks>[] = [
  ['page load → message box usable', 'load', 'boxUsable'],
  ['page load → suggestions shown (welcome call)', 'load', 'suggestionsShown'],
  ['Send → first text', 'sent', 'firstText'],
  ['Send → approval card', 'sent', 'card'],
  ['Send → card usable (buttons enabled)', 'sent', 'cardUsable'],
];

// Send → Stop → stopped: a new guest's first message, held on the server at its model step, then stopped.
const STOP_STEPS: Step<StopMarks>[] = [
  ['Send → Stop button shown', 'sent', 'stopShown'],
  ['Stop → transcript says stopped', 'stopClicked', 'stopped'],
  ['Stop → message box usable', 'stopClicked', 'boxUsable'],
];

const STOP_SETUP =
  'A new guest clicks the first suggestion; the turn is held on the server at its model step (the fake Gemini ' +
  'server behind a gate, so it still runs whenever Stop is clicked); they click Stop. A first message: the page ' +
  "finds the new conversation's id in the caller's list before it asks the stop. The turn hears the stop through " +
  'its listener (open from 250 ms into the turn), aborts the model call and frees the session.';

const VIEWPORTS = [
  ['390×844', PHONE],
  ['1280×800', DESKTOP],
] as const;

const span = <M extends { [K in keyof M]: number }>(marks: M, from: keyof M | 'load', to: keyof M): number =>
  (marks[to] as number) - (from === 'load' ? 0 : (marks[from] as number));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** The table: the run's very first visit (the functions' first load: cold) apart, then the rest by viewport. */
function table<M extends { [K in keyof M]: number }>(results: Map<string, M[]>, steps: Step<M>[]): string {
  const rows = ['| viewport | step | median ms | p90 ms | max ms | runs |', '|---|---|---:|---:|---:|---:|'];
  const [first] = [...results.values()][0] ?? [];
  for (const [viewport, visits] of results) {
    const warm = visits.filter((marks) => marks !== first);
    for (const [label, from, to] of steps) {
      const times = warm.map((marks) => span(marks, from, to));
      const cells = [percentile(times, 50), percentile(times, 90), Math.max(...times)].map((ms) => ms.toFixed(0));
      rows.push(`| ${viewport} | ${label} | ${cells.join(' | ')} | ${times.length} |`);
    }
  }
  if (first) {
    const cold = steps.map(([label, from, to]) => `${label} ${span(first, from, to).toFixed(0)} ms`).join('; ');
    rows.push(
      '',
      `The first visit (a phone, on a fresh stack: the functions emulator loads the flow and the welcome call on it): ${cold}.`,
    );
  }
  return rows.join('\n');
}

describe.skipIf(inject('browserSkipReason') !== '')('the web app, timed as a person sees it', () => {
  it(`times ${RUNS} visits of a new guest on a phone and on a laptop`, async () => {
    const started = new Date().toISOString();
    // Before the runs: a commit made while they run is not what they measured.
    const commit = measuredCommit();
    const loadBefore = (loadavg()[0] as number).toFixed(1);
    const browser = await launchChromium();
    const results = new Map<string, VisitMarks[]>();
    const stops = new Map<string, StopMarks[]>();
    let loadBetween = '';
    try {
      const stack = await startWebStack();
      try {
        for (const [name, viewport] of VIEWPORTS) {
          const visits: VisitMarks[] = [];
          for (let i = 0; i < RUNS; i++) visits.push(await visit(browser, stack.url, viewport));
          results.set(name, visits);
        }
      } finally {
        await stack.stop();
      }
      loadBetween = (loadavg()[0] as number).toFixed(1);
      // The stop needs a turn that runs long enough to be stopped: the fake Gemini server behind a gate.
      const gated = await startWebStack({ gatedModel: true });
      try {
        for (const [name, viewport] of VIEWPORTS) {
          const visits: StopMarks[] = [];
          for (let i = 0; i < RUNS; i++) {
            visits.push(await stopVisit(browser, gated.url, viewport, gated.model as StreamGate));
          }
          stops.set(name, visits);
        }
      } finally {
        await gated.stop();
      }
    } finally {
      await browser.close();
    }
    const markdown = `${table(results, STEPS)}\n\n**Send → Stop → stopped** (1-minute load average ${loadBetween} as it began). ${STOP_SETUP}\n\n${table(stops, STOP_STEPS)}`;
    console.log(markdown);
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, Chromium headless`;
    writeBenchSection(
      'web',
      `_Measured ${started} at ${commit} on ${machine}; 1-minute load average ${loadBefore} before, ${(loadavg()[0] as number).toFixed(1)} after. ` +
        `${RUNS} visits per viewport, each a new guest; ` +
        "times from the page's own clock (navigation start, the click on a suggestion) to the DOM change, on the Vite dev server and the emulators, scripted model._\n\n" +
        `${markdown}\n`,
    );
    // Only that every visit got to its card (the timings themselves are never asserted).
    expect([...results.values(), ...stops.values()].map((visits) => visits.length)).toEqual([RUNS, RUNS, RUNS, RUNS]);
  }, 900_000);
});
