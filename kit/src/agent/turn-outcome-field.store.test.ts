import { outcomeOf, SessionDocSchema, type TurnOutcome } from '@callable-flows/protocol';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { runCleanup } from '../cleanup/index.js';
import { KitError } from '../errors/index.js';
import { FirestoreSessionStore } from '../session/firestore/firestore-session-store.js';
import type { Session } from '../session/session-schema.js';
import type { SessionRecord, SessionWriteOptions } from '../session/session-store.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { defineAgent } from './define-agent.js';
import { effects, manualClock, transferOnSend, transferTool } from './test-utils/agent-fixtures.js';

// Issue 29, part 3: every outcome is readable. Each write of a turn is read back as a watcher
// gets it (the protocol's codec on the stored document): the lease write clears the last turn's
// outcome, the write that ends the turn stores its own, and there is no write of its own.

const host = firestoreEmulatorHost();
const firestores: Firestore[] = [];
afterAll(async () => Promise.all(firestores.map((f) => f.terminate())));

const DAY_MS = 24 * 60 * 60_000;

/** A bank agent on the emulator whose every store write is followed by a read of the document's outcome. */
function bank(name: string, options: { modelDown?: () => boolean } = {}) {
  const firestore = emulatorFirestore(host as string, demoProjectId(name));
  firestores.push(firestore);
  const prefix = `${name}_`;
  const store = new FirestoreSessionStore({ firestore, prefix });
  const clock = manualClock();
  const seen: (TurnOutcome | null)[] = [];
  const look = async (sessionId: string) => {
    const doc = SessionDocSchema.parse((await firestore.doc(`${prefix}sessions/${sessionId}`).get()).data());
    seen.push(outcomeOf(doc.outcome) ?? null);
  };
  const create = store.create.bind(store);
  store.create = async (session: Session) => {
    const made = await create(session);
    await look(session.id);
    return made;
  };
  const write = store.write.bind(store);
  store.write = async (expected: SessionRecord, next: Session, writeOptions?: SessionWriteOptions) => {
    const written = await write(expected, next, writeOptions);
    await look(next.id);
    return written;
  };
  const model = transferOnSend(500, {
    before: (_call, request) => {
      if (request.messages.at(-1)?.role === 'tool' && options.modelDown?.())
        throw new KitError('unavailable', 'Gemini answered 503', { reason: 'MODEL_UNAVAILABLE' });
    },
  });
  const agent = defineAgent({ name: 'bank', model, tools: [transferTool(effects())], store, clock: clock.now });
  return { agent, store, clock, seen };
}

describe.skipIf(!host)('the outcome field (stored)', () => {
  it('clears the outcome in the lease write and stores done in the answer’s write, two writes in all, when a text turn runs', async () => {
    const w = bank('outcome-done');
    const first = await w.agent.send(undefined, { message: 'hello' }, { uid: 'u', requestId: 'r1' });
    w.clock.advance(5);
    await w.agent.send(first.sessionId, { message: 'again' }, { uid: 'u', requestId: 'r2' });
    const at = w.clock.now();
    expect(w.seen).toEqual([
      null,
      { kind: 'done', at: at - 5, requestId: 'r1' },
      null,
      { kind: 'done', at, requestId: 'r2' },
    ]);
    expect((await w.store.load(first.sessionId))?.session.outcome).toEqual({ kind: 'done', at, requestId: 'r2' });
  });

  it('stores interrupted when the turn ends waiting for a person, then expired when the cleanup expires it', async () => {
    const w = bank('outcome-expired');
    const asked = await w.agent.send(undefined, { message: 'send 5 euros' }, { uid: 'u', requestId: 'r1' });
    expect(w.seen.at(-1)).toEqual({ kind: 'interrupted', at: w.clock.now(), requestId: 'r1' });
    w.clock.advance(2 * DAY_MS);
    await runCleanup({ store: w.store, clock: w.clock.now });
    const stored = (await w.store.load(asked.sessionId))?.session;
    expect(stored?.status).toBe('expired');
    expect(stored?.outcome).toEqual({ kind: 'expired', at: w.clock.now(), requestId: 'r1' });
  });

  it('stores failed with the error’s code and reason when the approved turn fails after its tool ran', async () => {
    let down = true;
    const w = bank('outcome-failed', { modelDown: () => down });
    const asked = await w.agent.send(undefined, { message: 'send 5 euros' }, { uid: 'u' });
    const ref = asked.interrupts[0]?.ref as string;
    const approve = { resume: { restart: [{ ref, name: 'transfer' }] } };
    await expect(w.agent.send(asked.sessionId, approve, { uid: 'u', requestId: 'a1' })).rejects.toMatchObject({
      code: 'unavailable',
    });
    const failed = (await w.store.load(asked.sessionId))?.session;
    expect(failed?.status).toBe('failed');
    expect(failed?.outcome).toEqual({
      kind: 'failed',
      at: w.clock.now(),
      requestId: 'a1',
      failure: { code: 'unavailable', reason: 'MODEL_UNAVAILABLE' },
    });
    expect(w.seen.at(-1)).toEqual(failed?.outcome);
    // The retry completes the turn: its outcome is done.
    down = false;
    await w.agent.send(asked.sessionId, approve, { uid: 'u', requestId: 'a1' });
    expect(w.seen.at(-1)).toMatchObject({ kind: 'done', requestId: 'a1' });
  });
});
