import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BenchTable } from './bench-table.js';
import { median } from './measure.js';
import type { MemoryProbeResult } from './memory-probe.js';

const SESSIONS = 10_000;
const RUNS = 5;
const TURNS = 2;
/** Cache sizes probed: every session fits, a fifth of them, and LruSessionCache's default. */
const MAXES = [SESSIONS, 2_000, 500];
const MiB = 2 ** 20;
const run = promisify(execFile);

/** Runs the probe in a fresh process: its own heap, nothing else loaded. */
async function probe(max: number): Promise<MemoryProbeResult> {
  // Beside this file, with its extension: lib/bench/*.js when built, src/bench/*.ts under type stripping.
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const script = fileURLToPath(new URL(`./memory-probe${ext}`, import.meta.url));
  const args = [...process.execArgv, '--expose-gc', script, String(SESSIONS), String(max), String(TURNS)];
  const { stdout } = await run(process.execPath, args, { maxBuffer: MiB });
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as MemoryProbeResult;
}

const mib = (bytes: number): string => (bytes / MiB).toFixed(1);

/**
 * Memory of the per-instance session cache: a fresh process loads 10,000 sessions (two turns
 * each) through an LruSessionCache of each size; RSS and heap after full GCs, medians of 5
 * processes per size, and whether the cache held no more than its max.
 */
export async function runMemoryBench(): Promise<BenchTable> {
  const results = new Map<number, MemoryProbeResult[]>(MAXES.map((max) => [max, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const max of MAXES) results.get(max)?.push(await probe(max));
  }
  const heapAdded = (max: number) =>
    median((results.get(max) as MemoryProbeResult[]).map((p) => p.heapAfter - p.heapBefore));
  const rows = MAXES.map((max) => {
    const probes = results.get(max) as MemoryProbeResult[];
    const cached = Math.max(...probes.map((p) => p.cached));
    return [
      max.toLocaleString('en-US'),
      SESSIONS.toLocaleString('en-US'),
      cached.toLocaleString('en-US'),
      mib(median(probes.map((p) => p.rssAfter))),
      mib(median(probes.map((p) => p.rssAfter - p.rssBefore))),
      mib(heapAdded(max)),
      cached <= max ? 'holds' : 'VIOLATED',
    ];
  });
  const smallest = MAXES.at(-1) as number;
  const perSession = (heapAdded(SESSIONS) - heapAdded(smallest)) / (SESSIONS - smallest) / 1024;
  return {
    title: `Memory: ${SESSIONS.toLocaleString('en-US')} sessions loaded through the LRU session cache`,
    columns: [
      'cache max',
      'sessions loaded',
      'cached after',
      'RSS after MiB',
      'RSS added MiB',
      'heap added MiB',
      'bound',
    ],
    rows,
    notes: [
      `A cached session costs about ${perSession.toFixed(1)} KiB of heap (the heap added at ${SESSIONS.toLocaleString('en-US')} entries less that at ${smallest}, per extra entry).`,
      `Each session holds ${TURNS} turns of the throughput bench (${TURNS * 4} messages: text, two tool calls, their results), parsed from JSON on every load as a Firestore load parses its document; the store behind the cache keeps nothing, so what stays is the cache's. The Firestore client's own memory is not included.`,
      `A fresh process per probe; figures after two full GCs, relative to the process before the loads; medians of ${RUNS} processes per size.`,
      'RSS grows by about as much whatever the cache keeps: parsing 10,000 sessions grows the heap V8 reserves, and it keeps that after GC. The heap column is what the cache holds.',
      '"cached after" is the most any probe held; the bound holds when it is at most the cache\'s max (500 is the default).',
    ],
  };
}
