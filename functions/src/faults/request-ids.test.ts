import { gate } from '@callable-flows/kit/agent/test-utils/agent-fixtures.js';
import { KitError } from '@callable-flows/kit/errors/index.js';
import { type Message, toolRequestsOf } from '@callable-flows/kit/model/index.js';
import type { Session } from '@callable-flows/kit/session/index.js';
import { demoProjectId, emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { LEASE_MS, shopWorld, userTexts } from './test-utils/shop-world.js';
import { typedClient } from './test-utils/typed-client.js';

// A request id names one logical call for the life of its session (docs/reference.md, request ids): from
// the typed client's side, on the Firestore emulator, a retry never journals its message again
// nor runs a recorded call again, whatever happened between the attempts.

const host = firestoreEmulatorHost();
const projectId = demoProjectId('request-ids');
let firestore: Firestore | undefined;
let tenants = 0;

afterAll(async () => {
  await firestore?.terminate();
});

function world() {
  firestore ??= emulatorFirestore(host as string, projectId);
  return shopWorld(firestore, `q${tenants++}_`);
}

async function stored(w: ReturnType<typeof world>, sessionId: string): Promise<Session> {
  return (await w.store.load(sessionId))?.session as Session;
}

/** What the history says the call `ref` returned (its response, or the output stamped on its request). */
function answersOf(history: readonly Message[], ref: string): unknown[] {
  const out: unknown[] = [];
  for (const message of history) {
    for (const part of message.content) {
      if ('toolResponse' in part && part.toolResponse.ref === ref) out.push(part.toolResponse.output);
      if ('toolRequest' in part && part.toolRequest.ref === ref && part.metadata && 'pendingOutput' in part.metadata)
        out.push(part.metadata.pendingOutput);
    }
  }
  return out;
}

const chargeRef = (session: Session): string =>
  session.history.flatMap((m) => toolRequestsOf(m)).find((p) => p.toolRequest.name === 'charge')?.toolRequest
    .ref as string;

describe.skipIf(!host)('a request id names one logical call', () => {
  it('refuses by name the automatic retry of a call another client closed, and runs nothing again', async () => {
    const w = world();
    let failed = false;
    w.hooks.beforeModel = (request) => {
      // The model fails once, after the charge ran and was journaled.
      if (request.messages.at(-1)?.role !== 'tool' || failed) return;
      failed = true;
      throw new KitError('unavailable', 'the model answered 503', { reason: 'MODEL_UNAVAILABLE' });
    };
    const tab = typedClient(w.callable(), 'alice');
    // While the first client waits to retry, another tab of the same user sends a message.
    const alice = typedClient(w.callable(), 'alice', async () => {
      await tab.send('thanks', { sessionId: alice.sessionId as string });
    });
    const { sessionId } = await alice.send('hello');
    const refused = await alice.send('charge A-1').catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 'failed-precondition',
      reason: 'REQUEST_CLOSED',
      details: { outcome: 'cut-short' },
    });
    const session = await stored(w, sessionId);
    expect(w.record.runs).toBe(1);
    expect(w.record.applied.size).toBe(1);
    expect(userTexts(session.history)).toEqual(['hello', 'charge A-1', 'thanks']);
    expect(answersOf(session.history, chargeRef(session))).toEqual([{ charged: 500, orderId: 'A-1' }]);
    // Usable at once.
    await expect(alice.send('bye')).resolves.toMatchObject({ status: 'done', text: 'noted: bye' });
  });

  it('refuses by name the retry of a call whose frozen instance was taken over, and charges once', async () => {
    const w = world();
    const frozen = gate();
    const thawed = gate();
    let froze = false;
    w.hooks.beforeModel = async (request) => {
      if (request.messages.at(-1)?.role !== 'tool' || froze) return;
      froze = true;
      frozen.open();
      await thawed.promise;
    };
    const alice = typedClient(w.callable(), 'alice');
    const { sessionId } = await alice.send('hello');
    const first = alice.send('charge A-1').catch((error: unknown) => error);
    await frozen.promise;
    // The instance stalls past its lease; another tab's message takes the session over.
    w.clock.advance(LEASE_MS + 1);
    const tab = typedClient(w.callable(), 'alice');
    await expect(tab.send('thanks', { sessionId })).resolves.toMatchObject({ text: 'noted: thanks' });
    thawed.open();
    // The frozen turn finds its lease gone (SESSION_BUSY); the typed client retries by itself.
    expect(await first).toMatchObject({ code: 'failed-precondition', reason: 'REQUEST_CLOSED' });
    const session = await stored(w, sessionId);
    expect(w.record.runs).toBe(1);
    expect(userTexts(session.history)).toEqual(['hello', 'charge A-1', 'thanks']);
    expect(session.status).toBe('idle');
    await expect(alice.send('bye')).resolves.toMatchObject({ text: 'noted: bye' });
  });

  it('refuses a request id reused for another message or answer, and writes nothing', async () => {
    const w = world();
    const alice = typedClient(w.callable(), 'alice');
    const { sessionId } = await alice.send('hello');
    const paid = await alice.send('charge A-1', { requestId: 'pay-1' });
    const before = await stored(w, sessionId);
    const reused = await alice.send('charge B-2', { requestId: 'pay-1' }).catch((error: unknown) => error);
    expect(reused).toMatchObject({ code: 'failed-precondition', reason: 'REQUEST_ID_REUSED' });
    expect((await stored(w, sessionId)).version).toBe(before.version);
    // The same request again is the same call: its result, nothing run.
    await expect(alice.send('charge A-1', { requestId: 'pay-1' })).resolves.toEqual(paid);
    await expect(alice.send([{ text: 'charge A-1' }], { requestId: 'pay-1' })).resolves.toEqual(paid);

    const asked = await alice.send('send 5 euros');
    const interrupt = asked.interrupts[0];
    if (!interrupt) throw new Error('no interrupt');
    const approved = await alice.approve(interrupt, { requestId: 'ok-1' });
    expect(approved).toMatchObject({ status: 'done' });
    const declined = await alice.decline(interrupt, 'no', { requestId: 'ok-1' }).catch((error: unknown) => error);
    expect(declined).toMatchObject({ code: 'failed-precondition', reason: 'REQUEST_ID_REUSED' });
    await expect(alice.approve(interrupt, { requestId: 'ok-1' })).resolves.toEqual(approved);
    const session = await stored(w, sessionId);
    expect(w.record.runs).toBe(2);
    expect(userTexts(session.history)).toEqual(['hello', 'charge A-1', 'send 5 euros']);
  });

  it('continues a failed call from its journal when its own client retries, with no message stored twice', async () => {
    const w = world();
    let failures = 0;
    w.hooks.beforeModel = (request) => {
      if (request.messages.at(-1)?.role !== 'tool' || failures >= 2) return;
      failures++;
      throw new KitError('unavailable', 'the model answered 503', { reason: 'MODEL_UNAVAILABLE' });
    };
    const alice = typedClient(w.callable(), 'alice');
    const { sessionId } = await alice.send('hello');
    const done = await alice.send('charge A-1');
    expect(done).toMatchObject({ status: 'done', text: 'done: [{"charged":500,"orderId":"A-1"}]' });
    const session = await stored(w, sessionId);
    expect(failures).toBe(2);
    expect(w.record.runs).toBe(1);
    expect(userTexts(session.history)).toEqual(['hello', 'charge A-1']);
    // Both calls recorded once, neither closed by another.
    expect(session.requests).toHaveLength(2);
    expect(session.requests?.every((r) => r.outcome === undefined)).toBe(true);
  });
});
