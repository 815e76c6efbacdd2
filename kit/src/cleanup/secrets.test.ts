import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DocumentReference, Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';

// A real process with a real firebase-functions logger: everything it prints is captured, and
// every document it wrote is read back, then searched for the planted keys.

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
const CHILD = here('./test-utils/secrets-child.ts');
const HOOK = here('../session/test-utils/ts-resolve-hook.mjs');
const PLANTED = 'planted-gemini-key-0123456789';
const KEY_SHAPED = `AIzaSy${'Q'.repeat(33)}`;

const host = firestoreEmulatorHost();
const projectId = demoProjectId('secrets');
let firestore: Firestore | undefined;

function runChild(prefix: string): Promise<{ code: number | null; output: string; stdout: string }> {
  const args = [
    '--experimental-strip-types',
    '--no-warnings',
    '--import',
    HOOK,
    CHILD,
    host as string,
    projectId,
    prefix,
    KEY_SHAPED,
  ];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, GEMINI_API_KEY: PLANTED, METADATA_SERVER_DETECTION: 'none' },
  });
  let output = '';
  let stdout = '';
  child.stdout.on('data', (data: Buffer) => {
    output += data.toString();
    stdout += data.toString();
  });
  child.stderr.on('data', (data: Buffer) => {
    output += data.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output, stdout })));
}

interface StoredDoc {
  path: string;
  data: Record<string, unknown>;
}

/** Every document under `refs`, at any depth. */
async function everyDocument(refs: DocumentReference[]): Promise<StoredDoc[]> {
  const out: StoredDoc[] = [];
  for (const ref of refs) {
    const snap = await ref.get();
    if (snap.exists) out.push({ path: ref.path, data: snap.data() as Record<string, unknown> });
    for (const sub of await ref.listCollections()) out.push(...(await everyDocument(await sub.listDocuments())));
  }
  return out;
}

afterAll(async () => {
  await firestore?.terminate();
});

if (!host) console.warn('\n*** SKIPPED: secrets test — no Firestore emulator ***\n');

describe.skipIf(!host)('secrets in what the kit writes', () => {
  it('keeps planted keys out of every document and log line when a turn, its trace and a cleanup run', async () => {
    const run = await runChild('k_');
    expect(run.code, run.output).toBe(0);
    firestore = emulatorFirestore(host as string, projectId);
    const roots = await firestore.listCollections();
    const docs = await everyDocument((await Promise.all(roots.map((c) => c.listDocuments()))).flat());
    const kinds = new Set(docs.map((d) => d.path.split('/').at(-2)));
    // The inbox document of the call that waited is scanned too: it holds the interrupt's metadata.
    expect([...kinds].sort()).toEqual(['k_approvals', 'k_history', 'k_notifications', 'k_sessions', 'k_traces']);
    for (const doc of docs) expect(doc.data.expireAt, doc.path).toBeDefined();

    const written = JSON.stringify(docs);
    expect(written).toContain('[redacted]');
    for (const text of [written, run.output]) {
      expect(text).not.toContain(PLANTED);
      expect(text).not.toContain(KEY_SHAPED);
      expect(text).not.toContain('AIzaSy');
    }

    const entries = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const traces = entries.filter((e) => e.turnTrace);
    const summaries = entries.filter((e) => e.sessionCleanup);
    expect(traces).toHaveLength(1);
    expect(traces[0]).toMatchObject({
      severity: 'INFO',
      turnTrace: { flow: 'bank', status: 'interrupted', uid: 'alice' },
    });
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({
      severity: 'INFO',
      message: expect.stringMatching(
        /^session cleanup: expired 1; deleted 0 session\(s\).*skipped 0 leased.* in \d+ ms$/,
      ),
      sessionCleanup: { expired: 1, skippedLeased: 0, durationMs: expect.any(Number) },
    });
  }, 60_000);
});
