import { defineAgent } from '@callable-flows/kit/agent/index.js';
import {
  chargeTool,
  type Effects,
  effects,
  type Gate,
  gate,
  toolThenAnswer,
  userTexts,
} from '@callable-flows/kit/agent/test-utils/agent-fixtures.js';
import { type CallRequest, type CallResult, onCallFlow } from '@callable-flows/kit/callable/index.js';
import { callableRequest } from '@callable-flows/kit/callable/test-utils/callable-request.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import type { Session } from '@callable-flows/kit/session/index.js';
import { demoProjectId, emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import { canStartFirestoreEmulator } from '@callable-flows/kit/test-utils/firestore-emulator.js';
import { skipOrFail } from '@callable-flows/kit/test-utils/strict-skips.js';
import type { Firestore } from '@google-cloud/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { afterAll, describe, expect, it } from 'vitest';
import { type RestartableFirestore, restartableFirestore } from './test-utils/restartable-firestore.js';

// Firestore goes down in the middle of a turn: this file's own emulator (its own port, started
// and killed by PID; the test run's emulator keeps serving the other files) is killed while the
// model is thinking, so the turn's next write finds nobody. The emulator then comes back on the
// same port with the data it had committed (exported just before the kill: Firestore itself
// loses nothing in an outage, the emulator would lose everything).

const PREFIX = 'outage_';
const MESSAGE = 'charge order A-1001';
const REQUEST: CallRequest = { message: MESSAGE, requestId: 'pay-1' };
const TURN_ROLES = ['user', 'model', 'tool', 'model'];
/** The function's timeout: the platform would kill the call after it. */
const TIMEOUT_SECONDS = 15;
const alice = { uid: 'alice' };
const projectId = demoProjectId('faults-outage');

let emulator: RestartableFirestore | undefined;
const clients: Firestore[] = [];
const record: Effects = effects();

/** What happened to the call that was running when Firestore went down. */
interface Outage {
  /** Its outcome, or `still running` when the function's timeout came first. */
  settled: CallResult | string;
}
let outage: Promise<Outage> | undefined;

/** A client of this file's emulator (FIRESTORE_EMULATOR_HOST, which names the run's emulator, would win over `host`). */
function client(host: string): Firestore {
  const runs = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = host;
  try {
    const db = emulatorFirestore(host, projectId);
    clients.push(db);
    return db;
  } finally {
    if (runs === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
    else process.env.FIRESTORE_EMULATOR_HOST = runs;
  }
}

function shop(db: Firestore, options: { hold?: Gate; entered?: Gate; clock?: () => number } = {}) {
  const model = toolThenAnswer(
    'charge',
    { orderId: 'A-1001', cents: 500 },
    {
      before: async (call) => {
        if (call !== 1 || !options.hold) return;
        options.entered?.open();
        await options.hold.promise;
      },
    },
  );
  // A 15 s function bounds each Firestore call well inside its deadline (the default, 8 s, suits 60 s).
  const store = new FirestoreSessionStore({ firestore: db, prefix: PREFIX, callTimeoutMs: 3_000 });
  return defineAgent({
    name: 'shop',
    model,
    tools: [chargeTool(record)],
    store,
    ...(options.clock ? { clock: options.clock } : {}),
  });
}

async function settle(call: Promise<CallResult>): Promise<CallResult | string> {
  try {
    return await call;
  } catch (error) {
    return error instanceof HttpsError ? error.code : `not an HttpsError: ${String(error)}`;
  }
}

/** Runs the outage once for the file: a turn starts, the emulator dies while the model thinks, the model answers. */
function theOutage(): Promise<Outage> {
  outage ??= (async () => {
    emulator = await restartableFirestore();
    await emulator.start();
    const hold = gate();
    const entered = gate();
    const db = client(emulator.host);
    // A fresh emulator and client are slow to answer their first call on a loaded machine: warm
    // them up, so the turn's own writes stay inside the store's 3 s bound before the outage.
    await db.collection(`${PREFIX}sessions`).limit(1).get();
    const fn = onCallFlow({ timeoutSeconds: TIMEOUT_SECONDS }, shop(db, { hold, entered }));
    const running = settle(fn.run(callableRequest<CallRequest>(REQUEST, alice)));
    // The turn must reach the model before the outage; if it ended first, say how (never hang).
    const early = await Promise.race([entered.promise.then(() => undefined), running]);
    if (early !== undefined) throw new Error(`the turn ended before the outage: ${JSON.stringify(early)}`);
    await emulator.crash(projectId);
    hold.open();
    const timeout = new Promise<string>((resolve) => setTimeout(resolve, TIMEOUT_SECONDS * 1000, 'still running'));
    return { settled: await Promise.race([running, timeout]) };
  })();
  return outage;
}

afterAll(async () => {
  await emulator?.dispose();
  // A client whose commit still retries against the dead emulator would wait for it: don't.
  await Promise.all(clients.map((c) => Promise.race([c.terminate(), new Promise((r) => setTimeout(r, 1000))])));
});

if (!canStartFirestoreEmulator()) {
  skipOrFail('Firestore outage tests', 'no Firestore emulator jar here');
  describe.skip('onCallFlow when Firestore goes down mid-turn', () => {
    it('needs the Firestore emulator', () => undefined);
  });
} else {
  describe('onCallFlow when Firestore goes down mid-turn', () => {
    // The Firestore client retries an unreachable backend for minutes; the store bounds each call
    // (`unavailable`) and a failed turn doesn't wait long for its release, so the caller hears in time.
    it('refuses the running call with unavailable before the function times out', async () => {
      const { settled } = await theOutage();
      expect(settled).toBe('unavailable');
    }, 120_000);

    it('holds a consistent session after Firestore comes back, and completes the retried turn once', async () => {
      await theOutage();
      await emulator?.start();
      const host = emulator?.host as string;
      const db = client(host);
      const store = new FirestoreSessionStore({ firestore: db, prefix: PREFIX });
      const ids = (await db.collection(`${PREFIX}sessions`).listDocuments()).map((d) => d.id);
      expect(ids).toHaveLength(1);
      // What was committed before the outage is there, whole: the user message, once.
      const kept = ((await store.load(ids[0] as string)) as { session: Session }).session;
      expect(userTexts(kept.history)).toEqual([MESSAGE]);
      // Whatever of the turn reached Firestore is a prefix of the finished turn (nothing half-written).
      const roles = kept.history.map((m) => m.role);
      expect(TURN_ROLES.slice(0, roles.length)).toEqual(roles);

      // Another instance retries, once the dead turn's lease has expired.
      const retry = onCallFlow({}, shop(db, { clock: () => Date.now() + 5 * 60_000 }));
      const result = await retry.run(callableRequest<CallRequest>(REQUEST, alice));
      expect(result).toMatchObject({ status: 'done', text: 'done: [{"charged":500,"orderId":"A-1001"}]' });
      const session = ((await store.load(ids[0] as string)) as { session: Session }).session;
      expect(session.status).toBe('idle');
      expect(userTexts(session.history)).toEqual([MESSAGE]);
      expect(session.history.map((m) => m.role)).toEqual(TURN_ROLES);
      expect(record.applied.size).toBe(1);
    }, 120_000);
  });
}
