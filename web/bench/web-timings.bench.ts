import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchChromium, PHONE } from '../test/test-utils/browser.js';
import { startWebStack } from '../test/test-utils/web-stack.js';
import { type VisitMarks, visit } from './person-timings.js';

// `npm run bench -- web` (scripts/bench.sh): the web app's timings as a person sees them, in
// Debian's Chromium against the local stack (the functions emulator playing the scripted model,
// so the model itself costs ~0 ms: what is left is the app, the SDKs, the emulators and the
// functions). Each visit is a new guest. Written to docs/benchmarks.md, section `web`; never asserted.

const RUNS = Number(process.env.WEB_BENCH_RUNS ?? 10);
const OUT = resolve(import.meta.dirname, '../../docs/benchmarks.md');

const STEPS: [label: string, from: keyof VisitMarks | 'load', to: keyof VisitMarks][] = [
  ['page load → message box usable', 'load', 'boxUsable'],
  ['page load → suggestions shown (welcome call)', 'load', 'suggestionsShown'],
  ['Send → first text', 'sent', 'firstText'],
  ['Send → approval card', 'sent', 'card'],
  ['Send → card usable (buttons enabled)', 'sent', 'cardUsable'],
];

const span = (marks: VisitMarks, from: keyof VisitMarks | 'load', to: keyof VisitMarks): number =>
  marks[to] - (from === 'load' ? 0 : marks[from]);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** The table: the run's very first visit (the functions' first load: cold) apart, then the rest by viewport. */
function table(results: Map<string, VisitMarks[]>): string {
  const rows = ['| viewport | step | median ms | p90 ms | max ms | runs |', '|---|---|---:|---:|---:|---:|'];
  const [first] = [...results.values()][0] ?? [];
  for (const [viewport, visits] of results) {
    const warm = visits.filter((marks) => marks !== first);
    for (const [label, from, to] of STEPS) {
      const times = warm.map((marks) => span(marks, from, to));
      const cells = [percentile(times, 50), percentile(times, 90), Math.max(...times)].map((ms) => ms.toFixed(0));
      rows.push(`| ${viewport} | ${label} | ${cells.join(' | ')} | ${times.length} |`);
    }
  }
  if (first) {
    const cold = STEPS.map(([label, from, to]) => `${label} ${span(first, from, to).toFixed(0)} ms`).join('; ');
    rows.push(
      '',
      `The run's first visit (a phone; the functions emulator loads the flow and the welcome call on it): ${cold}.`,
    );
  }
  return rows.join('\n');
}

function writeSection(body: string): void {
  const section = `<!-- bench:web -->\n${body}<!-- /bench:web -->\n`;
  const text = existsSync(OUT) ? readFileSync(OUT, 'utf8') : '# Benchmarks\n';
  const pattern = /<!-- bench:web -->\n[\s\S]*?<!-- \/bench:web -->\n/;
  writeFileSync(OUT, pattern.test(text) ? text.replace(pattern, section) : `${text.trimEnd()}\n\n${section}`);
}

describe.skipIf(inject('browserSkipReason') !== '')('the web app, timed as a person sees it', () => {
  it(`times ${RUNS} visits of a new guest on a phone and on a laptop`, async () => {
    const started = new Date().toISOString();
    const loadBefore = (loadavg()[0] as number).toFixed(1);
    const stack = await startWebStack();
    const browser = await launchChromium();
    const results = new Map<string, VisitMarks[]>();
    try {
      for (const [name, viewport] of [
        ['390×844', PHONE],
        ['1280×800', DESKTOP],
      ] as const) {
        const visits: VisitMarks[] = [];
        for (let i = 0; i < RUNS; i++) visits.push(await visit(browser, stack.url, viewport));
        results.set(name, visits);
      }
    } finally {
      await browser.close();
      await stack.stop();
    }
    const markdown = table(results);
    console.log(markdown);
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, Chromium headless`;
    writeSection(
      `_Measured ${started} on ${machine}; 1-minute load average ${loadBefore} before, ${(loadavg()[0] as number).toFixed(1)} after. ` +
        `${RUNS} visits per viewport, each a new guest; ` +
        "times from the page's own clock (navigation start, the click on a suggestion) to the DOM change, on the Vite dev server and the emulators, scripted model._\n\n" +
        `${markdown}\n`,
    );
    // Only that every visit got to its card (the timings themselves are never asserted).
    expect([...results.values()].map((visits) => visits.length)).toEqual([RUNS, RUNS]);
  }, 900_000);
});
