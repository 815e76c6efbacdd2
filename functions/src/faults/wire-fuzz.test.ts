import { defineAgent } from '@callable-flows/kit/agent/index.js';
import {
  type CallRequest,
  type CallResult,
  CallResultSchema,
  type FlowCallable,
  onCallFlow,
} from '@callable-flows/kit/callable/index.js';
import { callableRequest } from '@callable-flows/kit/callable/test-utils/callable-request.js';
import { ERROR_REASONS } from '@callable-flows/kit/errors/index.js';
import type { GenerateRequest } from '@callable-flows/kit/model/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import {
  InMemorySessionStore,
  type Session,
  type SessionDeleteOptions,
  type SessionRecord,
  type SessionStore,
  type SessionWriteOptions,
} from '@callable-flows/kit/session/index.js';
import { defineInterrupt, defineTool } from '@callable-flows/kit/tools/index.js';
import fc from 'fast-check';
import { HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

// Property-based fuzzing of the wire protocol with fast-check: generated call data (shaped like
// the wire schema, and not), and generated resume answers against live interrupts, through
// the real `onCallFlow(...).run()` of an agent. Every call either succeeds with a result in
// the wire shape, on the session it named and only one its caller owns, or is refused with an
// HttpsError that is never `internal`, carries a `details.reason` from the enum, and left the
// store untouched. Each property also asserts its mix (every outcome it names reached at least
// MIN_REACHED times), so a generator that drifts into one refusal can't pass by saying little.
// The seed is fixed: a failure prints its counterexample and reproduces with the same seed.

const SEED = 20_261_130;
const RUNS = { shaped: 4_000, resume: 5_000, anything: 1_500 } as const;

/** The real in-memory store, counting what it is asked to change. */
class CountingStore implements SessionStore {
  creates = 0;
  writes = 0;
  deletes = 0;
  constructor(readonly inner = new InMemorySessionStore()) {}
  load(id: string): Promise<SessionRecord | undefined> {
    return this.inner.load(id);
  }
  create(session: Session): Promise<SessionRecord> {
    this.creates++;
    return this.inner.create(session);
  }
  write(expected: SessionRecord, next: Session, options?: SessionWriteOptions): Promise<SessionRecord> {
    this.writes++;
    return this.inner.write(expected, next, options);
  }
  delete(id: string, options?: SessionDeleteOptions): Promise<void> {
    this.deletes++;
    return this.inner.delete(id, options);
  }
}

const TOOL_NAMES = ['approve', 'charge', 'lookup'] as const;

/** Plays: `approve please` → the approve interrupt; `charge please` → charge (asks first); a tool answer → "ok"; else echo. */
function deskModel() {
  return scriptedModel((request: GenerateRequest) => {
    const last = request.messages.at(-1);
    if (last?.role === 'tool') return 'ok';
    const text = last?.content.map((p) => ('text' in p ? p.text : '')).join('') ?? '';
    const ask = (name: string, input: Record<string, unknown>) => ({
      message: { role: 'model' as const, content: [{ toolRequest: { name, input } }] },
      finishReason: 'stop' as const,
    });
    if (text === 'approve please') return ask('approve', { amount: 5 });
    if (text === 'charge please') return ask('charge', { cents: 500 });
    return `echo: ${text.slice(0, 40)}`;
  });
}

interface Fixture {
  fn: FlowCallable<CallRequest, CallResult>;
  store: CountingStore;
  idle: string;
  approving: { sessionId: string; ref: string };
  charging: { sessionId: string; ref: string };
  bobs: { sessionId: string; ref: string };
}

async function fixture(): Promise<Fixture> {
  const store = new CountingStore();
  const approve = defineInterrupt({
    name: 'approve',
    description: 'asks a person to approve an amount',
    inputSchema: z.object({ amount: z.number() }),
    outputSchema: z.object({ ok: z.boolean() }),
  });
  const charge = defineTool(
    {
      name: 'charge',
      description: 'charges, once confirmed',
      inputSchema: z.object({ cents: z.number().int().positive() }),
      sideEffects: 'idempotent',
    },
    ({ cents }, ctx) => {
      if (!ctx.resumed) ctx.interrupt({ question: `charge ${cents}?` });
      return { charged: cents };
    },
  );
  const lookup = defineTool(
    { name: 'lookup', description: 'looks up', inputSchema: z.object({ id: z.string() }) },
    ({ id }) => ({ id }),
  );
  const agent = defineAgent({ name: 'desk', model: deskModel(), tools: [approve, charge, lookup], store });
  const fn = onCallFlow({ traces: false }, agent);
  const send = (data: CallRequest, uid: string) => fn.run(callableRequest<CallRequest>(data, { uid }));
  const idle = await send({ message: 'hello' }, 'alice');
  const asked = await send({ message: 'approve please' }, 'alice');
  const charging = await send({ message: 'charge please' }, 'alice');
  const bobs = await send({ message: 'approve please' }, 'bob');
  const pending = (r: CallResult) => ({ sessionId: r.sessionId, ref: r.interrupts[0]?.ref as string });
  expect([asked, charging, bobs].map((r) => r.status)).toEqual(['interrupted', 'interrupted', 'interrupted']);
  return {
    fn,
    store,
    idle: idle.sessionId,
    approving: pending(asked),
    charging: pending(charging),
    bobs: pending(bobs),
  };
}

/**
 * What a client could ever observe of the fixture's sessions: everything but the bookkeeping
 * (the lease, the version and timestamps), which the write count covers.
 */
async function observable(f: Fixture): Promise<string> {
  const ids = [f.idle, f.approving.sessionId, f.charging.sessionId, f.bobs.sessionId];
  const records = await Promise.all(ids.map((id) => f.store.inner.load(id)));
  return JSON.stringify(
    records.map((r) => {
      const {
        lease: _lease,
        version: _version,
        updatedAt: _updatedAt,
        expireAt: _expireAt,
        ...rest
      } = r?.session ?? ({} as Partial<Session>);
      return rest;
    }),
  );
}

interface StoreMark {
  creates: number;
  writes: number;
  deletes: number;
  seen: string;
}

const mark = async (f: Fixture): Promise<StoreMark> => ({
  creates: f.store.creates,
  writes: f.store.writes,
  deletes: f.store.deletes,
  seen: await observable(f),
});

/** Why a success breaks the contract: off the wire shape, or on a session that is not the caller's (or not the one named). */
async function successBreach(f: Fixture, outcome: unknown, uid: string | undefined, named: unknown) {
  const parsed = CallResultSchema.safeParse(outcome);
  if (!parsed.success) return `a result off the wire shape: ${parsed.error.message}`;
  const result = parsed.data;
  if (typeof named === 'string' && result.sessionId !== named)
    return `a result of ${result.sessionId}, not of ${named}`;
  const owner = (await f.store.inner.load(result.sessionId))?.session.ownerUid;
  if (uid === undefined || owner !== uid) return `a success as ${uid} on a session of ${owner}`;
  return undefined;
}

/** Why a refusal breaks the contract, or undefined when it keeps it. */
function breach(outcome: Error, before: StoreMark, after: StoreMark): string | undefined {
  if (!(outcome instanceof HttpsError)) return `not an HttpsError: ${outcome.name}: ${outcome.message}`;
  if (outcome.code === 'internal') return `internal: ${JSON.stringify(outcome.details)}`;
  const reason = (outcome.details as { reason?: unknown } | undefined)?.reason;
  if (!(ERROR_REASONS as readonly unknown[]).includes(reason))
    return `${outcome.code} without a reason: ${String(reason)}`;
  const what = `${outcome.code}/${String(reason)} (${outcome.message})`;
  if (after.creates !== before.creates) return `${what} created a session`;
  if (after.deletes !== before.deletes) return `${what} deleted a session`;
  if (after.seen !== before.seen) return `${what} changed a session`;
  // Not even a lease taken and given back: a refusal costs no write.
  if (after.writes !== before.writes) return `${what} wrote to the store (${after.writes - before.writes} writes)`;
  return undefined;
}

/** How many calls ended how (`ok`, or `code/REASON`), to print beside the verdict. */
type Tally = Map<string, number>;

/** How often each outcome (`ok`, or a reason) was reached, to assert the mix. */
type Reached = Map<string, number>;

/** The fuzz is only as good as its mix: each outcome named must have been reached at least `MIN_REACHED` times. */
const MIN_REACHED = 10;

function expectMix(reached: Reached, outcomes: readonly string[]): void {
  for (const outcome of outcomes) {
    expect(reached.get(outcome) ?? 0, `${outcome} reached ${reached.get(outcome) ?? 0} times`).toBeGreaterThanOrEqual(
      MIN_REACHED,
    );
  }
}

function reachedName(outcome: unknown): string {
  if (!(outcome instanceof Error)) return 'ok';
  if (!(outcome instanceof HttpsError)) return 'not an HttpsError';
  return String((outcome.details as { reason?: unknown } | undefined)?.reason);
}

// FUZZ_WHY=1 adds each refusal's message to the printed tally, to see where the payloads end up.
function outcomeName(outcome: unknown): string {
  if (!(outcome instanceof HttpsError)) return outcome instanceof Error ? 'not an HttpsError' : 'ok';
  return `${outcome.code}/${String((outcome.details as { reason?: unknown } | undefined)?.reason)}${process.env.FUZZ_WHY ? ` ${outcome.message.slice(0, 70)}` : ''}`;
}

function report(what: string, tally: Tally): void {
  const rows = [...tally].sort((a, b) => b[1] - a[1]).map(([name, n]) => `${name} ${n}`);
  console.log(`[fuzz] ${what}: ${rows.join(process.env.FUZZ_WHY ? '\n' : '; ')}`);
}

/** Runs one call on the fixture; a call that succeeded changed sessions, so the next call gets a fresh fixture. */
function prober(tally: Tally, reached: Reached) {
  let current: Promise<Fixture> | undefined;
  return async (data: (f: Fixture) => unknown, uid: string | undefined): Promise<string | undefined> => {
    current ??= fixture();
    const f = await current;
    const before = await mark(f);
    const sent = data(f);
    const request = callableRequest<CallRequest>(sent, uid ? { uid } : {});
    const outcome = await f.fn.run(request).then(
      (result) => result as unknown,
      (error: unknown) => error,
    );
    if (!(outcome instanceof Error)) current = undefined;
    const name = outcomeName(outcome);
    tally.set(name, (tally.get(name) ?? 0) + 1);
    const key = reachedName(outcome);
    reached.set(key, (reached.get(key) ?? 0) + 1);
    if (outcome instanceof Error) return breach(outcome, before, await mark(f));
    const named = typeof sent === 'object' && sent !== null ? (sent as { sessionId?: unknown }).sessionId : undefined;
    return successBreach(f, outcome, uid, named);
  };
}

// ---- arbitraries -------------------------------------------------------------------------

const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.string({ maxLength: 12 }),
  fc.constant(''),
  fc.constant('__proto__'),
  fc.constant('a/b'),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.integer(), { maxKeys: 3 }),
);

/** A JSON value, up to a small depth (outputs, replaceInput, metadata, data parts). */
const json = fc.jsonValue({ maxDepth: 3 });

const mediaUrl = fc.oneof(
  fc.constant('https://example.com/a.png'),
  fc.constant('gs://bucket/a.png'),
  fc.constant('https://169.254.169.254/latest/meta-data'),
  fc.constant('data:image/png;base64,iVBORw0KGgo='),
  fc.constant('data:text/plain,hi%20there'),
  fc.constant('data:;base64,AAAA'),
  fc.constant('data:image/png;base64,@@@'),
  fc.constant('data:text/plain,%E0%A4%A'),
  fc.constant('file:///etc/passwd'),
  fc.string({ maxLength: 20 }).map((s) => `data:image/png;base64,${s}`),
  fc.webUrl(),
);

const part = fc.oneof(
  fc.record({ text: fc.oneof(fc.string({ maxLength: 30 }), junk) }),
  fc.record(
    { media: fc.record({ url: fc.oneof(mediaUrl, junk), contentType: fc.oneof(fc.constant('image/png'), junk) }) },
    { requiredKeys: [] },
  ),
  fc.record({ data: json }),
  fc.record({ toolRequest: fc.record({ name: fc.constantFrom(...TOOL_NAMES), input: json }) }),
  fc.record({ toolResponse: fc.record({ name: fc.constantFrom(...TOOL_NAMES), output: json }) }),
  fc.record({ text: fc.string({ maxLength: 8 }), metadata: fc.record({ interrupt: fc.constant(true) }) }),
  junk,
);

const message = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('approve please', 'charge please', ''),
  fc.array(part, { maxLength: 4 }),
  fc.constant([]),
  junk,
);

/** A session id as a client might send it: a real one (its own, or another user's), or not. */
const sessionId = fc.oneof(
  fc.constantFrom('idle', 'approving', 'charging', 'bobs', 'absent'),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/),
  junk,
);

function pickSession(f: Fixture, name: unknown): unknown {
  if (name === 'idle') return f.idle;
  if (name === 'approving') return f.approving.sessionId;
  if (name === 'charging') return f.charging.sessionId;
  if (name === 'bobs') return f.bobs.sessionId;
  return name;
}

/** A ref as a client might send it: mostly the live interrupt's (`$ref`, filled in later), or not. */
const ref = fc.oneof(
  { weight: 16, arbitrary: fc.constant('$ref') },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  { weight: 1, arbitrary: junk },
);
const toolName = fc.oneof(
  { weight: 16, arbitrary: fc.constantFrom(...TOOL_NAMES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  { weight: 1, arbitrary: junk },
);
/** Now and then a key the schema does not know. */
const maybeExtra = fc.oneof(
  { weight: 19, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.record({ extra: junk }) },
);

const respondReply = fc
  .tuple(
    fc.record({
      ref,
      name: toolName,
      output: fc.oneof(fc.constant({ ok: true }), fc.constant({ ok: 'yes' }), fc.constant({ charged: 1 }), json),
    }),
    maybeExtra,
  )
  .map(([r, extra]) => ({ ...r, ...extra }));

const restartReply = fc
  .tuple(
    fc.record(
      {
        ref,
        name: toolName,
        replaceInput: fc.oneof(fc.constant({ cents: 900 }), fc.constant({ cents: -1, admin: true }), json),
        metadata: fc.oneof(
          { weight: 12, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), json, { maxKeys: 2 }) },
          { weight: 1, arbitrary: junk },
        ),
      },
      { requiredKeys: ['ref', 'name'] },
    ),
    maybeExtra,
  )
  .map(([r, extra]) => ({ ...r, ...extra }));

const declineReply = fc.record(
  { ref, name: toolName, reason: fc.oneof(fc.string({ maxLength: 30 }), junk) },
  { requiredKeys: ['ref', 'name'] },
);

const replies = <T>(reply: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 16, arbitrary: fc.array(reply, { minLength: 1, maxLength: 2 }) }, { weight: 1, arbitrary: junk });

/** A resume: answers of one kind mostly (declines, the wire's newest answer, now and then), mixed, or junk. */
const resume = fc.oneof(
  { weight: 8, arbitrary: fc.record({ respond: replies(respondReply) }) },
  { weight: 8, arbitrary: fc.record({ restart: replies(restartReply) }) },
  { weight: 2, arbitrary: fc.record({ decline: replies(declineReply) }) },
  {
    weight: 3,
    arbitrary: fc.record(
      { respond: replies(respondReply), restart: replies(restartReply), decline: replies(declineReply) },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: junk },
);

const uid = fc.oneof(
  { weight: 8, arbitrary: fc.constant('alice') },
  { weight: 1, arbitrary: fc.constant('bob') },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** A key to put the reply's ref in: the live interrupt of the named session, when it has one. */
function withRefs(f: Fixture, session: unknown, value: unknown): unknown {
  const live =
    session === 'approving'
      ? f.approving.ref
      : session === 'charging'
        ? f.charging.ref
        : session === 'bobs'
          ? f.bobs.ref
          : 'c-none';
  return JSON.parse(JSON.stringify(value ?? null).replaceAll('"$ref"', JSON.stringify(live)));
}

/** A call shaped like the wire schema: a message, a resume, both, neither, with ids right and wrong. */
const shapedCall = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.record(
          { sessionId, message, requestId: fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/) },
          { requiredKeys: ['message'] },
        ),
        maybeExtra,
      )
      .map(([c, extra]) => ({ ...c, ...extra })),
  },
  { weight: 2, arbitrary: fc.record({ sessionId, resume }, { requiredKeys: ['resume'] }) },
  {
    weight: 1,
    arbitrary: fc.record(
      { sessionId, message, resume, requestId: fc.oneof(fc.string({ maxLength: 8 }), junk), extra: junk },
      { requiredKeys: [] },
    ),
  },
);

const resumeCall = fc.record({
  session: fc.constantFrom('approving', 'charging', 'bobs', 'idle'),
  resume,
  /** Now and then a message beside the resume, which the schema refuses. */
  alsoMessage: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
});

describe('onCallFlow wire fuzz (fast-check)', () => {
  it(`keeps the error contract for ${RUNS.shaped} calls shaped like the wire schema`, async () => {
    const tally: Tally = new Map();
    const reached: Reached = new Map();
    const probe = prober(tally, reached);
    await fc.assert(
      fc.asyncProperty(shapedCall, uid, async (call, who) => {
        const problem = await probe((f) => {
          const data: Record<string, unknown> = { ...call };
          if ('sessionId' in data) data.sessionId = pickSession(f, data.sessionId);
          if ('resume' in data) data.resume = withRefs(f, (call as { sessionId?: unknown }).sessionId, data.resume);
          return data;
        }, who);
        expect(problem).toBeUndefined();
      }),
      { seed: SEED, numRuns: RUNS.shaped },
    );
    report('shaped calls', tally);
    expectMix(reached, [
      'ok',
      'INVALID_FIELD',
      'UNAUTHENTICATED',
      'NOT_ALLOWED',
      'NOT_OWNER',
      'INTERRUPT_PENDING',
      'UNKNOWN_REF',
      'NOTHING_TO_RESUME',
      'ANSWER_NOT_ALLOWED',
    ]);
  }, 120_000);

  it(`keeps the error contract for ${RUNS.resume} generated resume answers to live interrupts`, async () => {
    const tally: Tally = new Map();
    const reached: Reached = new Map();
    const probe = prober(tally, reached);
    await fc.assert(
      fc.asyncProperty(resumeCall, uid, async (call, who) => {
        const problem = await probe(
          (f) => ({
            sessionId: pickSession(f, call.session),
            resume: withRefs(f, call.session, call.resume),
            ...(call.alsoMessage ? { message: 'and also this' } : {}),
          }),
          who,
        );
        expect(problem).toBeUndefined();
      }),
      { seed: SEED + 1, numRuns: RUNS.resume },
    );
    report('resume answers', tally);
    expectMix(reached, [
      'ok',
      'INVALID_FIELD',
      'UNAUTHENTICATED',
      // Another user's answer: no tool of the fuzzed flows names approvers beside the owner.
      'NOT_ALLOWED',
      'UNKNOWN_REF',
      'NOTHING_TO_RESUME',
      'ANSWER_NOT_ALLOWED',
    ]);
  }, 120_000);

  it(`keeps the error contract for ${RUNS.anything} calls whose data is any value at all`, async () => {
    const tally: Tally = new Map();
    const reached: Reached = new Map();
    const probe = prober(tally, reached);
    await fc.assert(
      fc.asyncProperty(fc.anything({ maxDepth: 3 }), uid, async (data, who) => {
        expect(await probe(() => data, who)).toBeUndefined();
      }),
      { seed: SEED + 2, numRuns: RUNS.anything },
    );
    report('any data', tally);
    expectMix(reached, ['INVALID_FIELD', 'UNAUTHENTICATED']);
  }, 120_000);
});
