import { Session } from 'node:inspector/promises';
import { type Side, workloads } from './engine-workloads.js';
import { loadGenkit } from './genkit/load-genkit.js';

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const ITERATIONS = 2000;

/** Self bytes by allocation site (function, file, line), from a sampling heap profile. */
function bySite(root: ProfileNode): Map<string, number> {
  const sites = new Map<string, number>();
  const visit = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*\/(functions\/lib|node_modules)\//, '$1/');
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    if (node.selfSize) sites.set(key, (sites.get(key) ?? 0) + node.selfSize);
    for (const child of node.children) visit(child);
  };
  visit(root);
  return sites;
}

/**
 * Where a workload's allocations come from: V8's sampling heap profiler over 2,000 iterations,
 * counting objects the scavenger and the mark-compactor have already freed too. Usage:
 * `node --expose-gc lib/bench/alloc-profile.js b8 [kit|kit-async|genkit|floor] [top]`.
 */
async function main(): Promise<void> {
  const [id = 'b8', side = 'kit-async', top = '30'] = process.argv.slice(2);
  const list = workloads(side === 'genkit' ? loadGenkit() : undefined);
  const workload = list.find((w) => w.id === id);
  const run = workload?.sides[side as Side];
  if (!run) throw new Error(`no workload '${id}' on side '${side}'`);
  for (let i = 0; i < 200; i++) await run();
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 128,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < ITERATIONS; i++) await run();
  const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: ProfileNode } };
  session.disconnect();
  const sites = [...bySite(profile.head)].sort((a, b) => b[1] - a[1]);
  const total = sites.reduce((n, [, bytes]) => n + bytes, 0);
  console.log(`${id} ${side}: ~${(total / ITERATIONS).toFixed(0)} bytes allocated per iteration (sampled)`);
  for (const [site, bytes] of sites.slice(0, Number(top))) {
    console.log(`${(bytes / ITERATIONS).toFixed(0).padStart(7)} B/iter  ${site}`);
  }
}

await main();
