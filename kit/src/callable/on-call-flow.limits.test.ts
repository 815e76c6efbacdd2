import type { CallRequest } from '@callable-flows/protocol';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { defineAgent } from '../agent/index.js';
import type { ModelRunnerResponse } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/index.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { FirestoreUsageCounters } from '../usage/firestore-usage-counters.js';
import { InMemoryUsageCounters } from '../usage/memory-usage-counters.js';
import type { UsageCounterStore } from '../usage/usage-counters.js';
import type { UsageLimits } from './limits/usage-limits.js';
import { onCallFlow } from './on-call-flow.js';
import type { OnCallFlowOptions } from './on-call-flow-options.js';
import { callableRequest, rejectionCode } from './test-utils/callable-request.js';

const host = firestoreEmulatorHost();
const projectId = demoProjectId('limits');
let firestore: Firestore | undefined;
let collections = 0;

/** An answer that costs `tokens` (input + output). */
const costing = (tokens: number): ModelRunnerResponse => ({
  message: { role: 'model', content: [{ text: 'ok' }] },
  finishReason: 'stop',
  usage: { inputTokens: tokens - 1, outputTokens: 1 },
});

/** Counters in a fresh collection of the emulator, with their document reads and writes. */
function firestoreCounters(): { counters: FirestoreUsageCounters; ops: { reads: number; writes: number } } {
  firestore ??= emulatorFirestore(host as string, projectId);
  const ops = { reads: 0, writes: 0 };
  const counters = new FirestoreUsageCounters({
    firestore: firestore as never,
    collection: `usage${collections++}`,
    onOperation: (op) => {
      ops.reads += op.reads;
      ops.writes += op.writes;
    },
  });
  return { counters, ops };
}

/** An agent callable whose every answer costs `tokens`, under `limits`. */
function limitedAgent(limits: UsageLimits, tokens = 10, options: Partial<OnCallFlowOptions> = {}) {
  const agent = defineAgent({
    name: 'limited',
    model: scriptedModel(() => costing(tokens)),
    store: new InMemorySessionStore(),
  });
  return onCallFlow({ traces: false, ...options, limits }, agent);
}

// 10:00:30 UTC: half a minute to the next window.
const NOON = Date.parse('2026-11-30T10:00:30Z');

afterAll(async () => {
  await firestore?.terminate();
});

if (!host) console.warn('\n*** SKIPPED: onCallFlow limits on Firestore — no Firestore emulator ***\n');

describe.skipIf(!host)('onCallFlow limits (Firestore counters)', () => {
  it('refuses with resource-exhausted, RATE_LIMITED and retryAfterMs when a user exceeds callsPerMinute', async () => {
    const { counters } = firestoreCounters();
    const fn = limitedAgent({ counters, callsPerMinute: 3, clock: () => NOON });
    for (let i = 0; i < 3; i++) await fn.run(callableRequest({ message: `hi ${i}` }, { uid: 'alice' }));
    const refused = await rejectionCode(fn.run(callableRequest({ message: 'one more' }, { uid: 'alice' })));
    expect(refused).toMatchObject({
      code: 'resource-exhausted',
      details: { reason: 'RATE_LIMITED', retryAfterMs: 30_000 },
    });
    // Another user is not held back by alice's calls.
    await expect(fn.run(callableRequest({ message: 'hi' }, { uid: 'bob' }))).resolves.toMatchObject({ status: 'done' });
  });

  it('refuses with BUDGET_EXHAUSTED until the next UTC day when the user spent tokensPerUserPerDay', async () => {
    const { counters } = firestoreCounters();
    let now = NOON;
    const fn = limitedAgent({ counters, tokensPerUserPerDay: 250, clock: () => now }, 100);
    for (let i = 0; i < 3; i++) await fn.run(callableRequest({ message: `hi ${i}` }, { uid: 'alice' }));
    const refused = await rejectionCode(fn.run(callableRequest({ message: 'more' }, { uid: 'alice' })));
    expect(refused).toMatchObject({
      code: 'resource-exhausted',
      details: { reason: 'BUDGET_EXHAUSTED', budget: 'user-day', retryAfterMs: 14 * 3_600_000 - 30_000 },
    });
    now += 14 * 3_600_000; // the next day
    await expect(fn.run(callableRequest({ message: 'hi' }, { uid: 'alice' }))).resolves.toMatchObject({
      status: 'done',
    });
  });

  it('refuses a session over tokensPerSessionPerDay and lets the user start another', async () => {
    const { counters } = firestoreCounters();
    const fn = limitedAgent({ counters, tokensPerSessionPerDay: 150, clock: () => NOON }, 100);
    const first = (await fn.run(callableRequest({ message: 'hi' }, { uid: 'alice' }))) as { sessionId: string };
    await fn.run(callableRequest({ sessionId: first.sessionId, message: 'again' }, { uid: 'alice' }));
    const refused = await rejectionCode(
      fn.run(callableRequest({ sessionId: first.sessionId, message: 'more' }, { uid: 'alice' })),
    );
    expect(refused).toMatchObject({
      code: 'resource-exhausted',
      details: { reason: 'BUDGET_EXHAUSTED', budget: 'session-day' },
    });
    await expect(fn.run(callableRequest({ message: 'new topic' }, { uid: 'alice' }))).resolves.toMatchObject({
      status: 'done',
    });
  });

  it('sees the calls of other instances when its copy of the counters is refreshed', async () => {
    const { counters } = firestoreCounters();
    let now = NOON;
    const limits = { counters, callsPerMinute: 4, refreshMs: 10_000, rereadAt: 1, clock: () => now };
    const a = limitedAgent(limits);
    const b = limitedAgent(limits); // a second instance: its own limiter, the same counters
    await b.run(callableRequest({ message: 'b0' }, { uid: 'alice' }));
    for (let i = 0; i < 3; i++) await a.run(callableRequest({ message: `a${i}` }, { uid: 'alice' }));
    now += 11_000; // b's copy is stale: it reads the counters again, and finds a's three calls
    const refused = await rejectionCode(b.run(callableRequest({ message: 'b1' }, { uid: 'alice' })));
    expect(refused).toMatchObject({ code: 'resource-exhausted', details: { reason: 'RATE_LIMITED' } });
  });

  it('costs one counter write and no read when a warm call is far from every limit', async () => {
    const { counters, ops } = firestoreCounters();
    const fn = limitedAgent({
      counters,
      callsPerMinute: 30,
      tokensPerUserPerDay: 100_000,
      tokensPerSessionPerDay: 50_000,
    });
    const first = (await fn.run(callableRequest({ message: 'hi' }, { uid: 'alice' }))) as { sessionId: string };
    expect(ops).toEqual({ reads: 1, writes: 1 }); // cold: the user's day is read once
    await fn.run(callableRequest({ sessionId: first.sessionId, message: 'warm' }, { uid: 'alice' }));
    expect(ops).toEqual({ reads: 1, writes: 2 });
    const stored = await (firestore as Firestore).collection(`usage${collections - 1}`).get();
    expect(stored.size).toBe(1);
    expect(stored.docs[0]?.data()).toMatchObject({ uid: 'alice', tokens: 20, sessions: { [first.sessionId]: 20 } });
  });
});

describe('onCallFlow access', () => {
  const saved = process.env.FUNCTIONS_EMULATOR;
  afterEach(() => {
    if (saved === undefined) delete process.env.FUNCTIONS_EMULATOR;
    else process.env.FUNCTIONS_EMULATOR = saved;
  });
  const limits = { counters: new InMemoryUsageCounters() };

  it('refuses with unauthenticated and APP_CHECK_REQUIRED when App Check is enforced and the call has no token', async () => {
    const fn = limitedAgent(limits, 10, { enforceAppCheck: true });
    const refused = await rejectionCode(fn.run(callableRequest({ message: 'hi' }, { uid: 'alice' })));
    expect(refused).toMatchObject({ code: 'unauthenticated', details: { reason: 'APP_CHECK_REQUIRED' } });
    const attested = { ...callableRequest({ message: 'hi' }, { uid: 'alice' }), app: { appId: 'web', token: {} } };
    await expect(fn.run(attested as never)).resolves.toMatchObject({ status: 'done' });
  });

  it("requires App Check unless in the emulator when told 'unless-emulator'", async () => {
    const fn = limitedAgent(limits, 10, { enforceAppCheck: 'unless-emulator' });
    delete process.env.FUNCTIONS_EMULATOR;
    const refused = await rejectionCode(fn.run(callableRequest({ message: 'hi' }, { uid: 'alice' })));
    expect(refused).toMatchObject({ details: { reason: 'APP_CHECK_REQUIRED' } });
    process.env.FUNCTIONS_EMULATOR = 'true';
    await expect(fn.run(callableRequest({ message: 'hi' }, { uid: 'alice' }))).resolves.toMatchObject({
      status: 'done',
    });
  });

  it('refuses an anonymous user with unauthenticated unless the flow opts in with allowAnonymous', async () => {
    const anonymous = () =>
      callableRequest<CallRequest>(
        { message: 'hi' },
        { uid: 'anon', claims: { firebase: { sign_in_provider: 'anonymous' } } },
      );
    const closed = limitedAgent(limits);
    expect(await rejectionCode(closed.run(anonymous()))).toMatchObject({
      code: 'unauthenticated',
      details: { reason: 'UNAUTHENTICATED' },
    });
    const open = limitedAgent(limits, 10, { allowAnonymous: true });
    await expect(open.run(anonymous())).resolves.toMatchObject({ status: 'done' });
  });

  it('answers the caller when the counter write hangs, and counts the call once it lands', async () => {
    const memory = new InMemoryUsageCounters();
    let landed: () => void = () => undefined;
    const hanging: UsageCounterStore = {
      read: (uid, day) => memory.read(uid, day),
      // A Firestore that takes the write but does not answer (until the test lets it).
      add: (uid, day, delta) =>
        new Promise<void>((resolve) => (landed = () => void memory.add(uid, day, delta).then(resolve))),
    };
    const fn = limitedAgent({ counters: hanging, callsPerMinute: 5, clock: () => NOON });
    await expect(fn.run(callableRequest({ message: 'hi' }, { uid: 'alice' }))).resolves.toMatchObject({
      status: 'done',
    });
    landed();
    await new Promise((resolve) => setImmediate(resolve));
    expect(Object.values((await memory.read('alice', '2026-11-30')).calls)).toEqual([1]);
  });
});

describe('onCallFlow admission', () => {
  it('reads the agent’s session while the limiter reads the caller’s counters', async () => {
    const store = new InMemorySessionStore();
    const { sessionId } = await defineAgent({ name: 'limited', model: scriptedModel(() => costing(10)), store }).send(
      undefined,
      { message: 'hi' },
      { uid: 'alice' },
    );
    const loads: string[] = [];
    const load = store.load.bind(store);
    store.load = (id: string) => {
      loads.push(id);
      return load(id);
    };
    // Counters whose read answers only once the session's read has started (or after two seconds,
    // when nothing read it meanwhile): what the session read overlaps is the counters' read.
    let sessionReadDuringCounters = false;
    const counters = new InMemoryUsageCounters();
    const read = counters.read.bind(counters);
    counters.read = async (uid, day) => {
      for (let waited = 0; !loads.length && waited < 2000; waited += 10) await new Promise((r) => setTimeout(r, 10));
      sessionReadDuringCounters = loads.length > 0;
      return read(uid, day);
    };
    const agent = defineAgent({ name: 'limited', model: scriptedModel(() => costing(10)), store });
    const fn = onCallFlow({ traces: false, limits: { counters, callsPerMinute: 10 } }, agent);
    await expect(fn.run(callableRequest({ sessionId, message: 'again' }, { uid: 'alice' }))).resolves.toMatchObject({
      status: 'done',
    });
    expect(sessionReadDuringCounters).toBe(true);
    expect(loads).toEqual([sessionId]);
  });
});
