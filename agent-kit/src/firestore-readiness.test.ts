import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isKitError } from '@callable-flows/kit/errors/index.js';
import { emulatorEndpoint } from '@callable-flows/kit/firestore/emulator-endpoint.js';
import {
  canStartFirestoreEmulator,
  type FirestoreEmulator,
  startFirestoreEmulator,
} from '@callable-flows/kit/test-utils/firestore-emulator.js';
import { skipOrFail } from '@callable-flows/kit/test-utils/strict-skips.js';
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFirestoreIndexes, type ProbeTarget } from './firestore-readiness.js';
import { indexProbes } from './index-probe.js';

// The Firestore emulator serves every query without composite indexes, so here the probes show
// that they are queries Firestore accepts and that a refusal other than a missing index is not
// taken for one; the refusal of a missing index is pinned in missing-index-error.test.ts.
const KIT_INDEXES = readFileSync(new URL('../../kit/firestore.indexes.json', import.meta.url), 'utf8');
const canRun = canStartFirestoreEmulator();
if (!canRun) skipOrFail('assertFirestoreIndexes on the emulator', 'no Firestore emulator jar here');

describe.runIf(canRun)('assertFirestoreIndexes', () => {
  let emulator: FirestoreEmulator;
  let app: App;
  let firestore: Firestore;
  let target: ProbeTarget;

  beforeAll(async () => {
    emulator = await startFirestoreEmulator();
    process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
    app = initializeApp({ projectId: 'demo-kit-readiness' }, 'readiness');
    firestore = getFirestore(app);
    target = {
      endpoint: emulatorEndpoint(emulator.host),
      root: 'projects/demo-kit-readiness/databases/(default)/documents',
    };
  });
  afterAll(async () => {
    if (app) await deleteApp(app);
    await emulator?.stop();
  });

  it("runs every probe of an instance's indexes, with documents in its collections or none", async () => {
    const probes = indexProbes(KIT_INDEXES, 'support_');
    await expect(assertFirestoreIndexes(target, probes, 'support_')).resolves.toBeUndefined();
    await firestore.doc('support_approvals/a1').set({
      state: 'waiting',
      approverUids: ['u1'],
      approverClaim: 'ops',
      waitingSince: new Date(),
    });
    await firestore.doc('support_sessions/s1').set({ ownerUid: 'u1', agent: 'agent', updatedAt: new Date() });
    await expect(assertFirestoreIndexes(target, probes, 'support_')).resolves.toBeUndefined();
  });

  it('throws a refusal other than a missing index as Firestore gave it', async () => {
    const [probe] = indexProbes(KIT_INDEXES, 'support_');
    if (!probe) throw new Error('the kit declares no composite index');
    // Two array-contains filters in one query: Firestore refuses the query itself.
    const invalid = {
      ...probe,
      filters: [
        { field: 'a', op: 'array-contains' as const },
        { field: 'b', op: 'array-contains' as const },
      ],
    };
    const failure = await assertFirestoreIndexes(target, [invalid], 'support_').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(isKitError(failure)).toBe(false);
    expect(failure).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('INVALID_ARGUMENT') });
  });
});

describe('assertFirestoreIndexes against Firestore that lacks an index', () => {
  // Firestore's answer to a runQuery whose composite index is missing (the emulator never gives
  // it): HTTP 400, FAILED_PRECONDITION, its link that creates the index, longer than 300 characters.
  const link = `https://console.firebase.google.com/v1/r/project/p/firestore/indexes?create_composite=${'Cl9'.repeat(120)}`;

  it('refuses naming the missing index with Firestore’s whole message, the link included', async () => {
    const asked: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on('end', () => {
        asked.push(`${req.method} ${req.url}`);
        const missing = body.includes('support_approvals');
        res.writeHead(missing ? 400 : 200, { 'content-type': 'application/json' });
        const refusal = {
          code: 400,
          message: `The query requires an index. You can create it here: ${link}`,
          status: 'FAILED_PRECONDITION',
        };
        res.end(JSON.stringify(missing ? [{ error: refusal }] : [{ readTime: '2026-01-01T00:00:00Z' }]));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = {
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        authorization: async () => 'Bearer t',
      };
      const probes = indexProbes(KIT_INDEXES, 'support_');
      const failure = await assertFirestoreIndexes(
        { endpoint, root: 'projects/p/databases/(default)/documents' },
        probes,
        'support_',
      ).catch((error: unknown) => error);
      expect(isKitError(failure)).toBe(true);
      expect(failure).toMatchObject({ code: 'failed-precondition', details: { reason: 'SERVER_MISCONFIGURED' } });
      expect((failure as Error).message).toContain(link);
      expect((failure as Error).message).toContain('support_approvals');
      expect((failure as Error).message).not.toContain('support_sessions (');
      expect(asked).toEqual(probes.map(() => 'POST /v1/projects/p/databases/(default)/documents:runQuery'));
    } finally {
      server.close();
    }
  });
});
