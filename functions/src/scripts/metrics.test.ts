import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { demoProjectId, emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { firestoreTraceSink, recordTurn, type TurnTrace } from '@callable-flows/kit/trace/index.js';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDuration, parseMetricsArgs } from './metrics-args.js';

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
const SCRIPT = here('./metrics.ts');
const HOOK = here('../../../kit/src/session/test-utils/ts-resolve-hook.mjs');
const host = firestoreEmulatorHost();
const projectId = demoProjectId('metrics');
let firestore: Firestore | undefined;

function runMetrics(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings', '--import', HOOK, SCRIPT, ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FIRESTORE_EMULATOR_HOST: host as string },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

function trace(flow: string, status: TurnTrace['status'], latencyMs: number, rounds: number): TurnTrace {
  const base = recordTurn({ flow, input: 'x' }).finish({});
  const finishReason = status === 'done' ? ('stop' as const) : ('interrupted' as const);
  return { ...base, status, latencyMs, rounds, usage: { inputTokens: 40, outputTokens: 4 }, finishReason };
}

afterAll(async () => {
  await firestore?.terminate();
});

describe('parseMetricsArgs', () => {
  it('reads the window, flow, collection and project when all are given', () => {
    const args = parseMetricsArgs(
      ['--since', '24h', '--flow', 'orders', '--collection', 'x', '--project', 'p', '--json'],
      {},
      100_000_000,
    );
    expect(args).toEqual({
      project: 'p',
      collection: 'x',
      since: 100_000_000 - 86_400_000,
      flow: 'orders',
      json: true,
    });
  });

  it('falls back to the environment’s project and every trace when nothing is given', () => {
    expect(parseMetricsArgs([], { GCLOUD_PROJECT: 'from-env' })).toMatchObject({
      project: 'from-env',
      collection: 'traces',
      since: undefined,
    });
  });

  it('refuses with invalid-argument when a duration has no unit', () => {
    expect(() => parseDuration('7')).toThrow(/like 7d/);
    expect(parseDuration('90m')).toBe(5_400_000);
  });
});

describe.skipIf(!host)('metrics command', () => {
  it('prints success rate, model calls, latency and tokens per flow from stored traces', async () => {
    firestore ??= emulatorFirestore(host as string, projectId);
    const sink = firestoreTraceSink({ firestore, collection: 'm_traces' });
    const traces = [
      trace('orderAssistant', 'done', 120, 2),
      trace('orderAssistant', 'done', 480, 4),
      trace('orderAssistant', 'failed', 900, 1),
      trace('transferMoney', 'interrupted', 60, 1),
      trace('transferMoney', 'done', 200, 2),
    ];
    for (const t of traces) await sink(t);
    const table = await runMetrics(['--project', projectId, '--collection', 'm_traces']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain(`5 trace(s) in ${projectId}/m_traces, all time`);
    expect(table.stdout).toMatch(/orderAssistant\s+3\s+66\.7%\s+2\/0\/1\s+2\.33\s+480\s+900\s+120\/12/);
    expect(table.stdout).toMatch(/transferMoney\s+2\s+100\.0%\s+1\/1\/0\s+1\.50\s+60\s+200/);
    const json = await runMetrics([
      '--project',
      projectId,
      '--collection',
      'm_traces',
      '--flow',
      'transferMoney',
      '--json',
    ]);
    expect(JSON.parse(json.stdout)).toMatchObject({ traces: 2, flows: [{ flow: 'transferMoney', turns: 2 }] });
  }, 60_000);

  it('says what is wrong and exits non-zero when an argument is bad', async () => {
    const run = await runMetrics(['--since', 'soon']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/--since takes a duration/);
  });
});
