import { cpus, loadavg } from 'node:os';
import { describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../test/test-utils/browser.js';
import { startWebStack } from '../test/test-utils/web-stack.js';
import { measuredCommit, writeBenchSection } from './bench-section.js';
import { type LiveSpans, liveRun, MissedRun } from './live-timings.js';

// `npm run bench -- web` (scripts/bench.sh): live words as a person sees them, in Debian's
// Chromium against the local stack, with the stand-in model that streams slowly (the repo's fake
// Gemini server playing the order assistant's script, a word every WORD_DELAY_MS), as
// web/test/live-words.browser.test.ts runs it. Written to docs/benchmarks.md, section `web-live`;
// never asserted (benches are not tests: `npm test` and .ci/run never run this file).

const RUNS = Number(process.env.WEB_LIVE_BENCH_RUNS ?? 8);
const WORD_DELAY_MS = 450;

const ROWS: [label: string, span: (spans: LiveSpans) => number][] = [
  ['page load → message box usable (a new guest)', (s) => s.boxUsable],
  ['Send → first word, in the tab that asked (its own stream)', (s) => s.askingFirstWord],
  ['Send → first word, on a second device (another tab: from the server)', (s) => s.secondFirstWord],
  ['the second device’s first word, after the tab that asked had it', (s) => s.secondFirstWord - s.askingFirstWord],
  ['reload mid-answer → the words so far back', (s) => s.reloadWordsBack],
  ['reload mid-answer → message box usable', (s) => s.reloadBoxUsable],
  ['Stop → stopped with the words kept, in the tab that stopped', (s) => s.stopKeptHere],
  ['Stop → stopped with the words kept, on the second device', (s) => s.stopKeptThere],
];

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
const ms = (value: number): string => value.toFixed(0);

/** One run's spans, with the 1-minute load average as it began. */
interface Run {
  spans: LiveSpans;
  load: number;
}

function table(runs: readonly Run[]): string {
  const loads = runs.map((run) => run.load);
  const load = `${median(loads).toFixed(1)} (${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)})`;
  const rows = [
    '| step | median ms | mean ms | min ms | max ms | runs | 1-min load average, median (range) |',
    '|---|---:|---:|---:|---:|---:|---|',
  ];
  for (const [label, span] of ROWS) {
    const times = runs.map((run) => span(run.spans));
    const cells = [median(times), mean(times), Math.min(...times), Math.max(...times)].map(ms);
    rows.push(`| ${label} | ${cells.join(' | ')} | ${times.length} | ${load} |`);
  }
  return rows.join('\n');
}

describe.skipIf(inject('browserSkipReason') !== '')('live words in the web app, timed as a person sees them', () => {
  it(`times ${RUNS} runs of two tabs on one conversation while its answer streams`, async () => {
    const started = new Date().toISOString();
    // Before the runs: a commit made while they run is not what they measured.
    const commit = measuredCommit();
    const loadBefore = (loadavg()[0] as number).toFixed(1);
    const browser = await launchChromium();
    const runs: Run[] = [];
    let warmUp: LiveSpans | undefined;
    let missed = 0;
    try {
      const stack = await startWebStack({ gatedModel: true, wordDelayMs: WORD_DELAY_MS });
      try {
        // One run more than counted: the first warms the stack (the functions emulator loads the flow).
        for (let i = 0; i <= RUNS; i++) {
          const load = loadavg()[0] as number;
          try {
            const spans = await liveRun(browser, stack, `W-${1001 + i}`);
            if (i === 0) warmUp = spans;
            else runs.push({ spans, load });
          } catch (error) {
            if (!(error instanceof MissedRun)) throw error;
            missed++;
          }
        }
      } finally {
        await stack.stop();
      }
    } finally {
      await browser.close();
    }
    const markdown = table(runs);
    console.log(markdown);
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, Chromium headless`;
    const cold = warmUp
      ? ROWS.map(([label, span]) => `${label} ${ms(span(warmUp as LiveSpans))} ms`).join('; ')
      : 'it missed its mark';
    writeBenchSection(
      'web-live',
      `_Measured ${started} at ${commit} on ${machine}; 1-minute load average ${loadBefore} before, ${(loadavg()[0] as number).toFixed(1)} after. ` +
        `${runs.length} runs (${missed} missed: the answer ended before the reload or the stop), each a new guest with two tabs on one conversation, ` +
        `on the Vite dev server and the emulators; the stand-in model streams a word every ${WORD_DELAY_MS} ms (the repo's fake Gemini server playing the order assistant's script)._\n\n` +
        '### Live words in the web app: a second device, a reload, a stop\n\n' +
        `${markdown}\n\n` +
        '- Each run: a new guest opens the app, says "Hello", opens the conversation in a second tab (another device of theirs: it has no stream, only the session), and asks where an order is. ' +
        'The answer streams in the tab that asked; the second tab gets the words from the server (the live document beside the session, written at most once a second, never in a round’s first second). ' +
        'The second tab reloads mid-answer. Then they ask again and click Stop in the first tab once both tabs show words.\n' +
        "- Times are the pages' own: the wall clock (`Date.now()`, one clock for both tabs of this machine) when a MutationObserver first sees the change, " +
        'from the click on Send or Stop, or from the navigation’s start for a page load or a reload (`performance.timeOrigin`). Medians and means over the counted runs; the load average is the machine’s as each run began.\n' +
        '- "Stopped with the words kept": the transcript says the turn was stopped, and the answer’s bubble still shows the words streamed before the stop (journaled as the round’s partial answer).\n' +
        `- The first run (a fresh stack, not counted): ${cold}.\n`,
    );
    // Only that the runs ran (the timings themselves are never asserted).
    expect(runs.length).toBeGreaterThan(0);
  }, 1_800_000);
});
