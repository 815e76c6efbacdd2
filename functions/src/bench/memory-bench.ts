import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { benchSession } from './bench-session.js';
import type { BenchTable } from './bench-table.js';
import { median } from './measure.js';
import type { MemoryProbeResult } from './memory-probe.js';

const SESSIONS = 10_000;
const RUNS = 5;
const TURNS = 2;
/** Cache sizes probed: every session fits, a fifth of them, and LruSessionCache's old default. */
const MAXES = [SESSIONS, 2_000, 500];
const MiB = 2 ** 20;
const run = promisify(execFile);

/** The memory of the deployed flows' instances (functions/src/index.ts), for the byte-bound probe. */
const INSTANCE_MIB = 512;
/** Long conversations: 500 sessions of about 1 MiB of history each (2,030 tool-calling turns). */
const LONG = { sessions: 500, turns: 2_030, runs: 3 };

/** Runs the probe in a fresh process: its own heap, nothing else loaded. */
async function probe(max: number, sessions = SESSIONS, turns = TURNS, maxBytes?: number): Promise<MemoryProbeResult> {
  // Beside this file, with its extension: lib/bench/*.js when built, src/bench/*.ts under type stripping.
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const script = fileURLToPath(new URL(`./memory-probe${ext}`, import.meta.url));
  const args = [...process.execArgv, '--expose-gc', script, String(sessions), String(max), String(turns)];
  if (maxBytes !== undefined) args.push(String(maxBytes));
  const env = { ...process.env, FUNCTION_MEMORY_MB: String(INSTANCE_MIB) };
  const { stdout } = await run(process.execPath, args, { maxBuffer: MiB, env });
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as MemoryProbeResult;
}

/**
 * The byte bound: 500 sessions of about 1 MiB of history each, loaded through the cache with its
 * default bound (a quarter of a 512 MiB instance) and, for contrast, with only the old count bound
 * (500 entries): peak and settled RSS against the instance's memory.
 */
async function runLongHistoryBench(): Promise<BenchTable> {
  const json = JSON.stringify(benchSession('s', 'u', LONG.turns)).length;
  const cases: [string, number, number | undefined][] = [
    [`bytes: default (¼ of ${INSTANCE_MIB} MiB)`, 0, undefined],
    ['count only: max 500 (the old default)', 500, 64 * 2 ** 30],
  ];
  const rows: (string | number)[][] = [];
  for (const [name, max, maxBytes] of cases) {
    const probes: MemoryProbeResult[] = [];
    for (let i = 0; i < LONG.runs; i++) probes.push(await probe(max, LONG.sessions, LONG.turns, maxBytes));
    const peak = Math.max(...probes.map((p) => p.rssPeak));
    rows.push([
      name,
      Math.max(...probes.map((p) => p.cached)),
      mib(median(probes.map((p) => p.cacheBytes))),
      mib(median(probes.map((p) => p.rssAfter))),
      mib(peak),
      peak < INSTANCE_MIB * MiB ? `under ${INSTANCE_MIB} MiB` : `OVER ${INSTANCE_MIB} MiB`,
    ]);
  }
  return {
    title: `Memory: ${LONG.sessions} sessions of ${mib(json)} MiB history each through the LRU session cache`,
    columns: ['cache bound', 'cached after', 'cache estimate MiB', 'RSS after MiB', 'RSS peak MiB', 'instance'],
    rows,
    notes: [
      `Each session: ${LONG.turns.toLocaleString('en-US')} turns of the throughput bench (${(LONG.turns * 4).toLocaleString('en-US')} messages, ${mib(json)} MiB of JSON), parsed from JSON on every load; a fresh process per probe with FUNCTION_MEMORY_MB=${INSTANCE_MIB}, as the deployed flows run.`,
      'The cache estimates a session at 3 heap bytes per JSON character (2.8 measured for these short tool-calling turns) plus 2 KiB; "cache estimate" is what it believes it holds (at most its bound).',
      `RSS peak is the highest RSS after any load (before GC), the most of ${LONG.runs} processes; RSS after is after two full GCs, median.`,
    ],
  };
}

const mib = (bytes: number): string => (bytes / MiB).toFixed(1);

/**
 * Memory of the per-instance session cache: first the byte bound with 500 long conversations;
 * then a fresh process loads 10,000 sessions (two turns each) through an LruSessionCache of each
 * count, with RSS and heap after full GCs, medians of 5 processes per size.
 */
export async function runMemoryBench(): Promise<BenchTable[]> {
  return [await runLongHistoryBench(), await runSessionCountBench()];
}

async function runSessionCountBench(): Promise<BenchTable> {
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
      '"cached after" is the most any probe held; the bound holds when it is at most the cache\'s max (500 was the old default; the default bound is now bytes).',
    ],
  };
}
