import { defineAgent } from '@callable-flows/kit/agent/index.js';
import { userTexts } from '@callable-flows/kit/agent/test-utils/agent-fixtures.js';
import {
  type CallRequest,
  type CallResult,
  type FlowCallable,
  onCallFlow,
} from '@callable-flows/kit/callable/index.js';
import { callableRequest } from '@callable-flows/kit/callable/test-utils/callable-request.js';
import type { GenerateRequest } from '@callable-flows/kit/model/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import type { Session } from '@callable-flows/kit/session/index.js';
import { demoProjectId, emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { defineTool } from '@callable-flows/kit/tools/index.js';
import type { Firestore } from '@google-cloud/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

// Twenty calls on one session at once, through the callable handler, against the Firestore
// emulator: from one instance (one cache) and from twenty (each with its own cache).

const host = firestoreEmulatorHost();
const projectId = demoProjectId('faults-concurrency');
const PARALLEL = 20;
const alice = { uid: 'alice' };
let firestore: Firestore | undefined;
type Handler = FlowCallable<CallRequest, CallResult>;

/** Plays: a user message asks for `transfer` (which interrupts), its result is answered; other text is echoed. */
function playModel() {
  return scriptedModel(
    (request: GenerateRequest) => {
      const last = request.messages.at(-1);
      if (last?.role === 'tool') return 'transferred';
      const text = last?.content.map((p) => ('text' in p ? p.text : '')).join('') ?? '';
      if (text !== 'send 5 euros') return `echo: ${text}`;
      return {
        message: { role: 'model', content: [{ toolRequest: { name: 'transfer', input: { cents: 500 } } }] },
        finishReason: 'stop',
      };
    },
    // Slow enough that every call overlaps the others.
    { delayMs: 30 },
  );
}

/** `instances` handlers of one agent over one Firestore store (each instance has its own cache), and the effects. */
function deploy(db: Firestore, prefix: string, instances: number): { handlers: Handler[]; transfers: string[] } {
  const transfers: string[] = [];
  const transfer = defineTool(
    {
      name: 'transfer',
      description: 'moves money, once approved',
      inputSchema: z.object({ cents: z.number() }),
      sideEffects: 'idempotent',
    },
    (input, ctx) => {
      if (!ctx.resumed) ctx.interrupt({ confirm: `send ${input.cents}?` });
      transfers.push(ctx.ref);
      return { done: true };
    },
  );
  const store = new FirestoreSessionStore({ firestore: db, prefix });
  const handlers = Array.from({ length: instances }, () =>
    onCallFlow({}, defineAgent({ name: 'bank', model: playModel(), tools: [transfer], store })),
  );
  return { handlers, transfers };
}

/** What `PARALLEL` calls at once gave: each a result or an HttpsError code, and the order (by index) they settled in. */
interface ParallelOutcomes {
  outcomes: (CallResult | string)[];
  settled: number[];
}

/** Runs `PARALLEL` calls at once, spread over the handlers. */
async function inParallel(handlers: Handler[], data: (i: number) => CallRequest): Promise<ParallelOutcomes> {
  const settled: number[] = [];
  const calls = Array.from({ length: PARALLEL }, (_, i) =>
    (handlers[i % handlers.length] as Handler).run(callableRequest(data(i), alice)).finally(() => settled.push(i)),
  );
  const outcomes = (await Promise.allSettled(calls)).map((outcome) => {
    if (outcome.status === 'fulfilled') return outcome.value;
    expect(outcome.reason).toBeInstanceOf(HttpsError);
    return (outcome.reason as HttpsError).code;
  });
  return { outcomes, settled };
}

/**
 * The calls overlapped: some call was refused `aborted` (the session was busy: another call held
 * its lease) before the call `served` had settled, so the two ran at the same time.
 */
function expectOverlap({ outcomes, settled }: ParallelOutcomes, served: number): void {
  const before = settled.slice(0, settled.indexOf(served));
  expect(before.some((i) => outcomes[i] === 'aborted')).toBe(true);
}

async function stored(db: Firestore, prefix: string, id: string): Promise<Session> {
  const record = await new FirestoreSessionStore({ firestore: db, prefix }).load(id);
  return (record as { session: Session }).session;
}

afterAll(async () => {
  await firestore?.terminate();
});

if (!host) {
  console.warn('\n*** SKIPPED: concurrency fault tests — no Firestore emulator ***\n');
  describe.skip('onCallFlow under concurrent calls', () => {
    it('needs the Firestore emulator', () => undefined);
  });
} else {
  describe.each([
    { instances: 1, label: 'one instance' },
    { instances: PARALLEL, label: `${PARALLEL} instances` },
  ])('onCallFlow under concurrent calls from $label', ({ instances }) => {
    it(`lets exactly one of ${PARALLEL} parallel resumes of one interrupt finish, and runs the effect once`, async () => {
      firestore ??= emulatorFirestore(host, projectId);
      const prefix = `resume${instances}_`;
      const { handlers, transfers } = deploy(firestore, prefix, instances);
      const asked = await (handlers[0] as Handler).run(callableRequest({ message: 'send 5 euros' }, alice));
      expect(asked.status).toBe('interrupted');
      const ref = asked.interrupts[0]?.ref as string;

      const parallel = await inParallel(handlers, () => ({
        sessionId: asked.sessionId,
        resume: { restart: [{ ref, name: 'transfer' }] },
      }));
      const { outcomes } = parallel;
      const done = outcomes.filter((o): o is CallResult => typeof o !== 'string');
      expectOverlap(
        parallel,
        outcomes.findIndex((o) => typeof o !== 'string'),
      );
      expect(done).toHaveLength(1);
      expect(done[0]).toMatchObject({ status: 'done', text: 'transferred' });
      for (const code of outcomes.filter((o) => typeof o === 'string')) {
        expect(['aborted', 'failed-precondition']).toContain(code);
      }
      expect(transfers).toEqual([ref]);
      const codes = outcomes.filter((o) => typeof o === 'string');
      console.log(
        `[faults] ${PARALLEL} parallel resumes, ${instances} instance(s): 1 done, ${codes.filter((c) => c === 'aborted').length} aborted, ${codes.filter((c) => c === 'failed-precondition').length} failed-precondition`,
      );

      const session = await stored(firestore, prefix, asked.sessionId);
      expect(session).toMatchObject({ status: 'idle', interrupts: [] });
      expect(session.history.map((m) => m.role)).toEqual(['user', 'model', 'tool', 'model']);
    });

    it(`serializes or refuses ${PARALLEL} parallel new messages on one session, never forking its history`, async () => {
      firestore ??= emulatorFirestore(host, projectId);
      const prefix = `messages${instances}_`;
      const { handlers } = deploy(firestore, prefix, instances);
      const opened = await (handlers[0] as Handler).run(callableRequest({ message: 'hello' }, alice));

      const parallel = await inParallel(handlers, (i) => ({ sessionId: opened.sessionId, message: `m${i}` }));
      const { outcomes } = parallel;
      // The last call served overlapped a refused one (else they all simply ran one after another).
      expectOverlap(parallel, parallel.settled.findLast((i) => typeof outcomes[i] !== 'string') as number);
      const accepted: string[] = [];
      outcomes.forEach((outcome, i) => {
        if (typeof outcome === 'string') expect(outcome).toBe('aborted');
        else {
          expect(outcome).toMatchObject({ status: 'done', text: `echo: m${i}` });
          accepted.push(`m${i}`);
        }
      });
      expect(accepted.length).toBeGreaterThanOrEqual(1);
      console.log(
        `[faults] ${PARALLEL} parallel messages, ${instances} instance(s): ${accepted.length} served in turn, ${PARALLEL - accepted.length} refused`,
      );

      // One line of turns: each accepted message once, its answer right after it; no refused one.
      const session = await stored(firestore, prefix, opened.sessionId);
      expect(session.status).toBe('idle');
      expect(session.turns).toBe(1 + accepted.length);
      const texts = userTexts(session.history);
      expect(texts[0]).toBe('hello');
      expect([...texts.slice(1)].sort()).toEqual([...accepted].sort());
      session.history.forEach((message, i) => {
        expect(message.role).toBe(i % 2 === 0 ? 'user' : 'model');
        if (i % 2 === 1) expect(message.content).toEqual([{ text: `echo: ${texts[(i - 1) / 2]}` }]);
      });
    });
  });
}
