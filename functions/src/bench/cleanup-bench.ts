import { type CleanupReport, runCleanup } from '@callable-flows/kit/cleanup/index.js';
import { FirestoreSessionStore, type StoreOperation } from '@callable-flows/kit/session/firestore/index.js';
import { type StaleMix, staleSessions } from '@callable-flows/kit/test-utils/stale-sessions.js';
import { Firestore } from '@google-cloud/firestore';
import type { BenchTable } from './bench-table.js';

const MIXED: StaleMix = { waiting: 2000, old: 2500, oldWaiting: 500, long: 100 };
const SMALL_LAYOUT = { tailUnits: 400, chunkUnits: 800 };

interface Case {
  label: string;
  mix: StaleMix;
  maxPerRun: number;
}

interface Outcome {
  runs: number;
  totalMs: number;
  slowestRunMs: number;
  expired: number;
  deleted: number;
  commits: number;
}

/** Seeds `mix` under a fresh prefix, then runs the cleanup until a run is not capped. */
async function runCase(firestore: Firestore, prefix: string, c: Case): Promise<Outcome> {
  const now = Date.now();
  // A small layout gives the long sessions chunk documents, as months of turns would.
  const seeder = new FirestoreSessionStore({ firestore, prefix, limits: SMALL_LAYOUT });
  await seeder.createMany(staleSessions(c.mix, now, 'b'));
  const ops: StoreOperation[] = [];
  const store = new FirestoreSessionStore({ firestore, prefix, onOperation: (op) => ops.push(op) });
  const reports: CleanupReport[] = [];
  const started = performance.now();
  do {
    reports.push(await runCleanup({ store, maxPerRun: c.maxPerRun, clock: () => now }));
  } while (reports.at(-1)?.capped && reports.length < 100);
  const totalMs = performance.now() - started;
  return {
    runs: reports.length,
    totalMs,
    slowestRunMs: Math.max(...reports.map((r) => r.durationMs)),
    expired: reports.reduce((n, r) => n + r.expired, 0),
    deleted: reports.reduce((n, r) => n + r.deletedSessions, 0),
    commits: ops.filter((op) => op.kind === 'commit').length,
  };
}

/**
 * How long the scheduled cleanup takes against the Firestore emulator (FIRESTORE_EMULATOR_HOST):
 * expiring interrupted sessions, deleting old ones (some with history chunks), and 5,000 stale
 * sessions of both kinds in one run and in runs capped at 1,000 documents.
 */
export async function runCleanupBench(): Promise<BenchTable> {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('the cleanup bench needs FIRESTORE_EMULATOR_HOST');
  const firestore = new Firestore({ projectId: `demo-bench-cleanup-${Date.now().toString(36)}` });
  const cases: Case[] = [
    {
      label: 'expire 2,000 interrupted sessions',
      mix: { waiting: 2000, old: 0, oldWaiting: 0, long: 0 },
      maxPerRun: 5000,
    },
    { label: 'delete 3,000 old sessions (100 with chunks)', mix: { ...MIXED, waiting: 0 }, maxPerRun: 5000 },
    { label: '5,000 stale sessions, one run', mix: MIXED, maxPerRun: 10_000 },
    { label: '5,000 stale sessions, runs capped at 1,000', mix: MIXED, maxPerRun: 1000 },
  ];
  const rows: (string | number)[][] = [];
  try {
    // Untimed: the emulator's JIT warms up on the first few thousand calls.
    await runCase(firestore, 'bcw_', {
      label: 'warm-up',
      mix: { ...MIXED, waiting: 500, old: 500, oldWaiting: 0 },
      maxPerRun: 5000,
    });
    for (const [i, c] of cases.entries()) {
      const o = await runCase(firestore, `bc${i}_`, c);
      const sessions = o.expired + o.deleted;
      rows.push([
        c.label,
        o.runs,
        Math.round(o.totalMs),
        Math.round(o.slowestRunMs),
        Math.round((sessions / o.totalMs) * 1000),
        `${o.expired} / ${o.deleted}`,
        o.commits,
      ]);
    }
  } finally {
    await firestore.terminate();
  }
  return {
    title: 'Scheduled cleanup on Firestore (emulator)',
    columns: ['case', 'runs', 'total ms', 'slowest run ms', 'sessions / s', 'expired / deleted', 'commits'],
    rows,
    notes: [
      'runCleanup with its defaults (pages of 200, 32 sessions at once) against the local Firestore emulator, after an untimed warm-up; seeding is not timed.',
      'A run that ends on a full page reports itself capped, so "one run" may show a second, empty run.',
      'Each expiry is a compare-and-set write of the session (its history gets the "expired" tool responses); each deletion a conditional batch of the session and its chunks.',
      'The emulator is one local Java process sharing the machine: production Firestore is slower per call and faster in aggregate.',
    ],
  };
}
