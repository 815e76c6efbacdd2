// The metrics command: reads the traces a firestoreTraceSink stored and prints, per flow, the
// task success rate, average model calls, p50/p95 latency and tokens. Against the emulator
// when FIRESTORE_EMULATOR_HOST is set (scripts/stack.sh), else the project's Firestore with
// application default credentials. Run it built: `node functions/lib/scripts/metrics.js --help`.

import { flowMetrics, formatMetrics, readTraces } from '@callable-flows/kit/trace/index.js';
import { METRICS_USAGE, type MetricsArgs, parseMetricsArgs } from './metrics-args.js';

async function main(args: MetricsArgs): Promise<void> {
  // The emulator needs no credentials: without this, the auth library probes for a metadata server.
  if (process.env.FIRESTORE_EMULATOR_HOST) process.env.METADATA_SERVER_DETECTION ??= 'none';
  const [{ getApps, initializeApp }, { getFirestore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
  ]);
  const app = getApps()[0] ?? initializeApp({ projectId: args.project });
  const firestore = getFirestore(app);
  const { traces, invalid } = await readTraces(firestore, {
    collection: args.collection,
    ...(args.since === undefined ? {} : { since: args.since }),
    ...(args.flow === undefined ? {} : { flow: args.flow }),
  });
  const rows = flowMetrics(traces);
  if (args.json) {
    process.stdout.write(
      `${JSON.stringify({ project: args.project, traces: traces.length, invalid, flows: rows }, null, 2)}\n`,
    );
  } else {
    const window = args.since === undefined ? 'all time' : `since ${new Date(args.since).toISOString()}`;
    process.stdout.write(`${traces.length} trace(s) in ${args.project}/${args.collection}, ${window}\n\n`);
    process.stdout.write(rows.length ? `${formatMetrics(rows)}\n` : 'no traces\n');
    if (invalid) process.stdout.write(`\n${invalid} document(s) in the collection are not traces (skipped)\n`);
  }
  await firestore.terminate();
}

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(`${METRICS_USAGE}\n`);
} else {
  try {
    await main(parseMetricsArgs(argv));
  } catch (error) {
    process.stderr.write(`metrics: ${error instanceof Error ? error.message : String(error)}\n${METRICS_USAGE}\n`);
    process.exitCode = 1;
  }
}
