import { getHeapSpaceStatistics } from 'node:v8';
import { type Side, workloads } from './engine-workloads.js';

const oldSpaceBytes = (): number =>
  getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')?.space_used_size ?? 0;

/**
 * One workload in steady state: CPU and wall µs per iteration over a long loop after a long
 * warm-up, and what the loop left in the old generation (KiB per 1,000 iterations: objects the
 * scavenges promoted because something still held them). Run with `--single-threaded` for an
 * A/B of two builds on a shared machine: the compiler and the GC then work on the one thread
 * measured, so the CPU figure is the work done, not how the machine's cores were shared.
 * Usage: `node --expose-gc --single-threaded lib/bench/steady-cpu.js <id> <side> [warmup] [iterations]`.
 */
async function main(): Promise<void> {
  const [id = 'b8', side = 'kit-async', warmup = '20000', iterations = '20000'] = process.argv.slice(2);
  const run = workloads().find((w) => w.id === id)?.sides[side as Side];
  if (!run) throw new Error(`no workload '${id}' on side '${side}' (Genkit is measured by vs-genkit)`);
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  for (let i = 0; i < Number(warmup); i++) await run();
  gc();
  const count = Number(iterations);
  const oldBefore = oldSpaceBytes();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < count; i++) await run();
  const wallUs = ((performance.now() - started) * 1000) / count;
  const used = process.cpuUsage(cpu);
  const promotedKiB = (oldSpaceBytes() - oldBefore) / 1024 / (count / 1000);
  console.log(
    `${id} ${side}: CPU ${((used.user + used.system) / count).toFixed(2)} µs, wall ${wallUs.toFixed(2)} µs per iteration; old generation +${promotedKiB.toFixed(0)} KiB per 1,000 iterations`,
  );
}

await main();
