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
/** Cache sizes probed: every session fits, a fifth of them, and a count bound of 500. */
const MAXES = [SESSIONS, 2_000, 500];
const MiB = 2 ** 20;
const run = promisify(execFile);

/** The memory of the deployed flows' instances (functions/src/index.ts), for the byte-bound probe. */
const INSTANCE_MIB = 512;
/** Long conversations: 500 sessions of about 1 MiB of history each (2,030 tool-calling turns). */
const LONG = { sessions: 500, turns: 2_030, runs: 3 };

/** The V8 heap limit of the long-history probes: what fits a 512 MiB instance beside Node itself. */
const HEAP_LIMIT_MIB = 384;

/** What one probe process runs: the cache's bounds, the sessions it loads, its heap limit. */
interface ProbeSpec {
  max: number;
  sessions?: number;
  turns?: number;
  maxBytes?: number;
  heapLimitMiB?: number;
}

/** Runs the probe in a fresh process: its own heap, nothing else loaded. */
async function probe(spec: ProbeSpec): Promise<MemoryProbeResult> {
  // Beside this file, with its extension: lib/bench/*.js when built, src/bench/*.ts under type stripping.
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const script = fileURLToPath(new URL(`./memory-probe${ext}`, import.meta.url));
  const heap = spec.heapLimitMiB ? [`--max-old-space-size=${spec.heapLimitMiB}`] : [];
  const counts = [spec.sessions ?? SESSIONS, spec.max, spec.turns ?? TURNS].map(String);
  const args = [...process.execArgv, '--expose-gc', ...heap, script, ...counts];
  if (spec.maxBytes !== undefined) args.push(String(spec.maxBytes));
  const env = { ...process.env, FUNCTION_MEMORY_MB: String(INSTANCE_MIB) };
  const { stdout } = await run(process.execPath, args, { maxBuffer: MiB, env });
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as MemoryProbeResult;
}

/** The probe's result, or undefined when the process died (out of heap). */
async function probeOrCrash(spec: ProbeSpec): Promise<MemoryProbeResult | undefined> {
  try {
    return await probe(spec);
  } catch {
    return undefined;
  }
}

/**
 * The byte bound: 500 sessions of about 1 MiB of history each, loaded through the cache with its
 * default bound (a quarter of a 512 MiB instance) and, for contrast, with only the old count bound
 * (500 entries), in a process with the heap a 512 MiB instance can give: RSS against the instance.
 */
async function runLongHistoryBench(): Promise<BenchTable> {
  const json = JSON.stringify(benchSession('s', 'u', LONG.turns)).length;
  const cases: [string, ProbeSpec][] = [
    [`bytes: default (¼ of ${INSTANCE_MIB} MiB)`, { max: 0 }],
    ['count only: max 500', { max: 500, maxBytes: 64 * 2 ** 30 }],
  ];
  const rows: (string | number)[][] = [];
  for (const [name, spec] of cases) {
    const probes: MemoryProbeResult[] = [];
    let crashed = 0;
    for (let i = 0; i < LONG.runs; i++) {
      const result = await probeOrCrash({
        ...spec,
        sessions: LONG.sessions,
        turns: LONG.turns,
        heapLimitMiB: HEAP_LIMIT_MIB,
      });
      if (result) probes.push(result);
      else crashed++;
    }
    if (!probes.length) {
      rows.push([name, '–', '–', '–', '–', `crashed (out of heap) in ${crashed} of ${LONG.runs}`]);
      continue;
    }
    const peak = Math.max(...probes.map((p) => p.rssPeak));
    rows.push([
      name,
      Math.max(...probes.map((p) => p.cached)),
      mib(median(probes.map((p) => p.cacheBytes))),
      mib(median(probes.map((p) => p.heapAfter - p.heapBefore))),
      mib(median(probes.map((p) => p.rssAfter))),
      `${mib(peak)}${peak < INSTANCE_MIB * MiB ? ` (under ${INSTANCE_MIB})` : ` (OVER ${INSTANCE_MIB})`}${crashed ? `; crashed in ${crashed}` : ''}`,
    ]);
  }
  return {
    title: `Memory: ${LONG.sessions} sessions of ${mib(json)} MiB history each through the LRU session cache`,
    columns: ['cache bound', 'cached after', 'cache estimate MiB', 'heap added MiB', 'RSS after MiB', 'RSS peak MiB'],
    rows,
    notes: [
      `Each session: ${LONG.turns.toLocaleString('en-US')} turns of the throughput bench (${(LONG.turns * 4).toLocaleString('en-US')} messages, ${mib(json)} MiB of JSON), parsed from JSON on every load; a fresh process per probe with FUNCTION_MEMORY_MB=${INSTANCE_MIB} (the deployed flows' memory) and --max-old-space-size=${HEAP_LIMIT_MIB} (the heap a ${INSTANCE_MIB} MiB instance can give beside Node itself).`,
      'The cache estimates a session at 3.25 heap bytes per JSON character plus 2 KiB; "cache estimate" is what it believes it holds (at most its bound), "heap added" what the heap holds after two full GCs.',
      `RSS peak is the highest RSS after any load (before GC), the most of ${LONG.runs} processes; RSS after is after two full GCs, median.`,
      "Without a heap limit V8 grows its heap lazily on a large machine (the same byte-bounded run then peaks near 900 MiB of RSS, mostly garbage not yet collected): give Node the instance's limit, as Cloud Run's cgroup does.",
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
    for (const max of MAXES) results.get(max)?.push(await probe({ max }));
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
      '"cached after" is the most any probe held; the bound holds when it is at most the cache\'s max (the default bound is bytes, not a count).',
    ],
  };
}
