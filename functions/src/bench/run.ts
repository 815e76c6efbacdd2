import { mkdirSync, writeFileSync } from 'node:fs';
import { arch, cpus, platform, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import type { BenchTable } from './bench-table.js';
import { toMarkdown } from './bench-table.js';
import { runCleanupBench } from './cleanup-bench.js';
import { runColdStartBench } from './cold-start.js';
import { runEngineBench } from './engine-bench.js';
import { runGeminiOverheadBench } from './gemini-overhead.js';
import { runMemoryBench } from './memory-bench.js';
import { runSessionBench } from './session-bench.js';
import { runThroughputBench } from './throughput-bench.js';

type Suite = { name: string; run: () => Promise<BenchTable | BenchTable[]> };

function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown cpu';
  return `${platform()} ${arch()}, ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/** Runs every suite (or those named in argv) and writes docs/benchmarks.md. */
async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const suites: Suite[] = [
    { name: 'engine', run: () => runEngineBench() },
    { name: 'gemini', run: () => runGeminiOverheadBench() },
    { name: 'session', run: () => runSessionBench() },
    { name: 'throughput', run: () => runThroughputBench() },
    { name: 'memory', run: () => runMemoryBench() },
    { name: 'cold-start', run: () => runColdStartBench() },
    { name: 'cleanup', run: () => runCleanupBench() },
  ];
  const selected = only.length ? suites.filter((s) => only.includes(s.name)) : suites;
  const parts = [
    `# Benchmarks\n\nMachine: ${machine()}. Written by \`npm run bench\` on ${new Date().toISOString()}.\n`,
  ];
  for (const suite of selected) {
    console.error(`[bench] ${suite.name} …`);
    for (const table of ([] as BenchTable[]).concat(await suite.run())) {
      const markdown = toMarkdown(table);
      console.log(markdown);
      parts.push(markdown);
    }
  }
  const out = resolve(process.env.BENCH_OUT ?? '../docs/benchmarks.md');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, parts.join('\n'));
  console.error(`[bench] wrote ${out}`);
}

await main();
