import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { quantile } from './measure.js';

/** What the driver tells an instance. */
export type InstanceCommand = { type: 'open'; run: string; sessions: number } | { type: 'go' } | { type: 'exit' };

/** What an instance tells the driver. */
export type InstanceReport =
  | { type: 'opened' }
  | { type: 'done'; startMs: number; endMs: number; latencies: number[] }
  | { type: 'failed'; message: string };

/** Turns/s, p50 and p95 (ms) of each measured run. */
export interface InstancesFigures {
  rates: number[];
  p50s: number[];
  p95s: number[];
}

function next(child: ChildProcess): Promise<InstanceReport> {
  return Promise.race([
    once(child, 'message').then(([report]) => {
      const r = report as InstanceReport;
      if (r.type === 'failed') throw new Error(`throughput instance ${child.pid}: ${r.message}`);
      return r;
    }),
    once(child, 'exit').then(([code]) => {
      throw new Error(`throughput instance ${child.pid} exited (${String(code)})`);
    }),
  ]);
}

async function all(children: ChildProcess[], command: InstanceCommand): Promise<InstanceReport[]> {
  const replies = children.map(next);
  for (const child of children) child.send(command);
  return Promise.all(replies);
}

/**
 * Runs the throughput turns in `instances` Node processes at once (each with its own Firestore
 * client and session cache) against the emulator at FIRESTORE_EMULATOR_HOST, `sessions` spread
 * evenly: a warm-up run, then `runs` measured runs.
 */
export async function measureInstances(options: {
  instances: number;
  sessions: number;
  runs: number;
}): Promise<InstancesFigures> {
  const projectId = `demo-bench-instances-${Date.now().toString(36)}`;
  const script = join(import.meta.dirname, 'throughput-instance.js');
  const children = Array.from({ length: options.instances }, () =>
    fork(script, [projectId], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }),
  );
  const figures: InstancesFigures = { rates: [], p50s: [], p95s: [] };
  const perInstance = Math.ceil(options.sessions / options.instances);
  try {
    for (let run = -1; run < options.runs; run++) {
      const tag = run < 0 ? 'warmup' : `r${run}`;
      // Each instance gets its own users, so no two instances share a session.
      await Promise.all(
        children.map((child, i) => {
          const reply = next(child);
          child.send({ type: 'open', run: `${tag}-i${i}`, sessions: perInstance } satisfies InstanceCommand);
          return reply;
        }),
      );
      const reports = (await all(children, { type: 'go' })) as Extract<InstanceReport, { type: 'done' }>[];
      if (run < 0) continue;
      const start = Math.min(...reports.map((r) => r.startMs));
      const end = Math.max(...reports.map((r) => r.endMs));
      const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
      figures.rates.push(latencies.length / ((end - start) / 1000));
      figures.p50s.push(quantile(latencies, 0.5));
      figures.p95s.push(quantile(latencies, 0.95));
    }
  } finally {
    for (const child of children) if (child.connected) child.send({ type: 'exit' } satisfies InstanceCommand);
    await Promise.all(children.map((child) => (child.exitCode === null ? once(child, 'exit') : undefined)));
  }
  return figures;
}
