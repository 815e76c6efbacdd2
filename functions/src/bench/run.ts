import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus, loadavg, platform, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { runAllocBench } from './alloc-bench.js';
import { sectionsOf, withSections } from './bench-doc.js';
import type { BenchTable } from './bench-table.js';
import { toMarkdown } from './bench-table.js';
import { runCleanupBench } from './cleanup-bench.js';
import { runColdStartBench } from './cold-start.js';
import { runProfileBench } from './cpu-profile.js';
import { runEngineBench } from './engine-bench.js';
import { runGeminiOverheadBench } from './gemini-overhead.js';
import { runSessionsVsGenkitBench } from './genkit/sessions-vs-genkit.js';
import { runVsGenkitEngineBench } from './genkit/vs-genkit-engine.js';
import { runLiveWordsBench } from './live-words-bench.js';
import { runMcpBench } from './mcp-bench.js';
import { runMemoryBench } from './memory-bench.js';
import { runSessionBench } from './session-bench.js';
import { runStarterBench } from './starter-bench.js';
import { runThroughputBench } from './throughput-bench.js';
import { runKitColdBench } from './turn/kit-cold.js';
import { runTurnBench } from './turn/turn-bench.js';

/** A suite writes its section; one without `run` is a hand-written section (a record taken once), kept in place. */
type Suite = { name: string; run?: () => Promise<BenchTable[]> };

function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown cpu';
  return `${platform()} ${arch()}, ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/** The commit measured (short hash), and whether the tree had changes on top of it. */
function commit(): string {
  const git = (...args: string[]): string => execFileSync('git', args, { encoding: 'utf8' }).trim();
  try {
    const dirty = git('status', '--porcelain', '--untracked-files=no', '--', '..', ':!../docs') !== '';
    return `commit \`${git('rev-parse', '--short', 'HEAD')}\`${dirty ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'an unknown commit (no git)';
  }
}

const load = (): string => (loadavg()[0] as number).toFixed(1);
const one = (run: () => Promise<BenchTable | BenchTable[]>) => async () => ([] as BenchTable[]).concat(await run());

/** The sections of an earlier docs/benchmarks.md, by suite name, so a partial run keeps the others. */
function previousSections(file: string): Map<string, string> {
  return existsSync(file) ? sectionsOf(readFileSync(file, 'utf8')) : new Map();
}

/**
 * Runs every suite (or those named in argv) and writes docs/benchmarks.md: a named run replaces
 * only its own sections; each section says when and where it was measured.
 */
async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const suites: Suite[] = [
    { name: 'starter', run: one(() => runStarterBench()) },
    { name: 'engine', run: one(() => runEngineBench()) },
    { name: 'vs-genkit', run: async () => [...(await runVsGenkitEngineBench()), await runSessionsVsGenkitBench()] },
    { name: 'alloc', run: one(() => runAllocBench()) },
    { name: 'profile', run: one(() => runProfileBench()) },
    // The engine, its allocation and its profile at a fixed reference commit, and A/B runs of the hot path (by hand).
    { name: 'hot-path-before' },
    // The performance targets, each with the run that judged it (written by hand from the sections around it).
    { name: 'targets' },
    // What bound approvals, stored outcomes, late stops and session ids cost: A/B of two builds, by hand.
    { name: 'human-boundary' },
    { name: 'turn', run: () => runTurnBench() },
    // The cold turn against its limits, and where the time goes (by hand, from a run of the turn suite).
    { name: 'issue30-cold' },
    { name: 'gemini', run: one(() => runGeminiOverheadBench()) },
    { name: 'session', run: one(() => runSessionBench()) },
    { name: 'live', run: one(() => runLiveWordsBench()) },
    { name: 'throughput', run: one(() => runThroughputBench()) },
    { name: 'memory', run: one(() => runMemoryBench()) },
    { name: 'cold-start', run: one(() => runColdStartBench()) },
    { name: 'cleanup', run: one(() => runCleanupBench()) },
    { name: 'mcp', run: one(() => runMcpBench()) },
    // The agent-kit instance's cold first turn against the example's, in one run.
    { name: 'kit-cold', run: one(() => runKitColdBench()) },
  ];
  const unknown = only.filter((name) => !suites.some((s) => s.name === name && s.run));
  if (unknown.length)
    throw new Error(`unknown suite(s) ${unknown.join(', ')}: ${suites.map((s) => s.name).join(', ')}`);
  const out = resolve(process.env.BENCH_OUT ?? '../docs/benchmarks.md');
  const sections = previousSections(out);
  for (const suite of suites) {
    if (!suite.run || (only.length && !only.includes(suite.name))) continue;
    console.error(`[bench] ${suite.name} …`);
    const started = new Date().toISOString();
    // Before the suite runs: a commit made while it runs is not what it measured.
    const measured = commit();
    const loadBefore = load();
    const tables = await suite.run();
    const markdown = tables.map(toMarkdown).join('\n');
    console.log(markdown);
    // The load average says how busy the machine was: a shared machine stretches means and p99s.
    sections.set(
      suite.name,
      `_Measured ${started} at ${measured} on ${machine()}; 1-minute load average ${loadBefore} before, ${load()} after._\n\n${markdown}`,
    );
    // Written after each suite: a later suite that fails loses only its own section.
    write(out, suites, sections);
  }
}

/**
 * docs/benchmarks.md with its sections rewritten in place (bench-doc.ts): the text written by
 * hand between them, and the sections other benches write (`web`: web/bench, run by
 * scripts/bench.sh), stay as they are.
 */
function write(out: string, suites: readonly Suite[], sections: ReadonlyMap<string, string>): void {
  const before = existsSync(out) ? readFileSync(out, 'utf8') : '';
  const text = withSections(
    before,
    sections,
    suites.map((suite) => suite.name),
  );
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  console.error(`[bench] wrote ${out}`);
}

await main();
