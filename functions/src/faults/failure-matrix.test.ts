import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAgent } from '../kit/agent/define-agent.js';
import {
  chargeTool,
  type Effects,
  effects,
  gate,
  manualClock,
  transferOnSend,
  transferTool,
  userTexts,
} from '../kit/agent/test-utils/agent-fixtures.js';
import { runCleanup } from '../kit/cleanup/index.js';
import { isKitError, KitError } from '../kit/errors/index.js';
import { type Message, toolRequestsOf } from '../kit/model/index.js';
import { scriptedModel } from '../kit/models/scripted/index.js';
import { FirestoreSessionStore } from '../kit/session/firestore/index.js';
import { type Session, SessionSchema, type SessionStore } from '../kit/session/index.js';
import { demoProjectId, emulatorFirestore } from '../kit/session/test-utils/emulator-firestore.js';
import { FlakyStore, recordedOf } from '../kit/session/test-utils/flaky-store.js';
import { defineTool } from '../kit/tools/index.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';

// The failure matrix of an approved turn (issue: turns as a journal). Each failure point strikes
// in the middle of a turn on the Firestore emulator; each follow-up is what a client, a user or
// the cleanup does next. Every pair is held to the same invariants: each effect applied at most
// once (counted downstream), a tool body run twice only where no journal can help (a crash after
// the effect, before its record), the stored history never contradicting what ran, no user
// message lost, and the session always parsing. SIGKILL of a real process at each journal point
// is proved in crash-points.test.ts; here a `crash` is a store that fails every call from that
// point on, which leaves Firestore exactly as a killed process would.

const host = firestoreEmulatorHost();
const projectId = demoProjectId('matrix');
const LEASE_MS = 15_000;
const DAY = 24 * 60 * 60 * 1000;
let firestore: Firestore | undefined;
let tenants = 0;

afterAll(async () => {
  await firestore?.terminate();
});

type FailurePoint =
  | { kind: 'model-after-tools' }
  | { kind: 'write'; at: number; when: 'before' | 'after' }
  | { kind: 'client-disconnect' }
  | { kind: 'deadline' }
  | { kind: 'lease-lost' }
  | { kind: 'tool-disconnect' }
  | { kind: 'last-write' };

type FollowUp =
  | 'retry-same-call'
  | 'retry-request-id'
  | 'deny'
  | 'restart-replace-input'
  | 'new-message'
  | 'cleanup-after-ttl'
  | 'cleanup-then-retry'
  | 'new-message-then-retry-request-id';

const FOLLOW_UPS: readonly FollowUp[] = [
  'retry-same-call',
  'retry-request-id',
  'deny',
  'restart-replace-input',
  'new-message',
  'cleanup-after-ttl',
  'cleanup-then-retry',
  'new-message-then-retry-request-id',
];

const APPROVED_TURN_FAILURES: readonly FailurePoint[] = [
  { kind: 'model-after-tools' },
  ...[1, 2, 3].flatMap((at) => (['before', 'after'] as const).map((when) => ({ kind: 'write' as const, at, when }))),
  { kind: 'client-disconnect' },
  { kind: 'deadline' },
  { kind: 'lease-lost' },
  { kind: 'tool-disconnect' },
  { kind: 'last-write' },
];

const describeFailure = (f: FailurePoint): string =>
  f.kind === 'write' ? `a crash ${f.when} journal write ${f.at}` : f.kind;

/** One tenant of the emulator: its own collections, clock, effects and model faults. */
function world() {
  firestore ??= emulatorFirestore(host as string, projectId);
  const store = new FirestoreSessionStore({ firestore, prefix: `m${tenants++}_` });
  const clock = manualClock();
  const record = effects();
  const hooks: { beforeModel?: (call: number, request: { messages: Message[] }) => Promise<void> | void } = {};
  const model = transferOnSend(500, { before: (call, request) => hooks.beforeModel?.(call, request) });
  /** The agent as one instance sees it (each its own cache) over `over`. */
  const agent = (over: SessionStore = store) =>
    defineAgent({
      name: 'bank',
      model,
      tools: [transferTool(record)],
      store: over,
      clock: clock.now,
      leaseMs: LEASE_MS,
    });
  return { store, clock, record, hooks, agent };
}

type World = ReturnType<typeof world>;

/** The responses a history holds for the call `ref`, and its pending output if the round is open. */
function answersFor(history: readonly Message[], ref: string): unknown[] {
  const outputs: unknown[] = [];
  for (const message of history) {
    for (const part of message.content) {
      if ('toolResponse' in part && part.toolResponse.ref === ref) outputs.push(part.toolResponse.output);
      if ('toolRequest' in part && part.toolRequest.ref === ref && part.metadata && 'pendingOutput' in part.metadata) {
        outputs.push(part.metadata.pendingOutput);
      }
    }
  }
  return outputs;
}

const ranOutput = (output: unknown): boolean => (output as { done?: unknown } | null)?.done === true;
const saysNotRun = (output: unknown): boolean => {
  const text = JSON.stringify(output);
  return /not run|expired|declined/.test(text);
};

/** Holds a stored session to the invariants, given what ran downstream and what the user sent. */
async function expectInvariants(
  w: World,
  sessionId: string,
  ref: string,
  sent: readonly string[],
  bodyRunsAtMost: number,
) {
  // A fresh instance's view (no cache): the stored session must parse.
  firestore ??= emulatorFirestore(host as string, projectId);
  const loaded = await w.store.load(sessionId);
  expect(loaded).toBeDefined();
  const session = loaded?.session as Session;
  expect(SessionSchema.safeParse(session).success).toBe(true);
  expect(w.record.applied.size).toBeLessThanOrEqual(1);
  expect(w.record.runs).toBeLessThanOrEqual(bodyRunsAtMost);
  const answers = answersFor(session.history, ref);
  if (w.record.applied.has(ref)) {
    // It ran: the history never says otherwise.
    for (const answer of answers) expect(saysNotRun(answer), JSON.stringify(answer)).toBe(false);
  } else {
    for (const answer of answers) expect(ranOutput(answer), JSON.stringify(answer)).toBe(false);
  }
  const texts = userTexts(session.history);
  for (const text of sent) expect(texts.filter((t) => t === text)).toHaveLength(1);
  return session;
}

/** The error a call rejected with, or the result it gave. */
async function settle<T>(call: Promise<T>): Promise<{ ok: T } | { error: unknown }> {
  try {
    return { ok: await call };
  } catch (error) {
    return { error };
  }
}

/** Strikes `failure` in the approved turn of `w`; what the resume's client then saw. */
async function failApprovedTurn(w: World, sessionId: string, ref: string, failure: FailurePoint, requestId?: string) {
  const resume = { resume: { restart: [{ ref, name: 'transfer' }] } };
  const ctx = { uid: 'alice', ...(requestId ? { requestId } : {}) };
  const afterTools = (_call: number, request: { messages: Message[] }) => request.messages.at(-1)?.role === 'tool';
  switch (failure.kind) {
    case 'model-after-tools':
      w.hooks.beforeModel = (call, request) => {
        if (afterTools(call, request)) throw new KitError('unavailable', 'Gemini answered 503');
      };
      return settle(w.agent().send(sessionId, resume, ctx));
    case 'client-disconnect':
    case 'deadline': {
      const controller = new AbortController();
      w.hooks.beforeModel = (call, request) => {
        if (!afterTools(call, request)) return;
        const reason =
          failure.kind === 'deadline' ? new KitError('deadline-exceeded', 'the call ran out of time') : undefined;
        controller.abort(reason);
        throw reason ?? new DOMException('aborted', 'AbortError');
      };
      return settle(w.agent().send(sessionId, resume, { ...ctx, signal: controller.signal }));
    }
    case 'lease-lost':
      w.hooks.beforeModel = async (call, request) => {
        if (!afterTools(call, request)) return;
        // Another instance takes the session over (our lease lapsed while we stalled), then dies.
        w.clock.advance(LEASE_MS + 1);
        const current = (await w.store.load(sessionId)) as NonNullable<Awaited<ReturnType<SessionStore['load']>>>;
        const lease = { id: 'other-instance', expiresAt: w.clock.now() + LEASE_MS };
        await w.store.write(current, { ...current.session, lease, version: current.session.version + 1 });
      };
      return settle(w.agent().send(sessionId, resume, ctx));
    case 'tool-disconnect': {
      // The client goes away while the approved transfer runs, after its effect and before its
      // result: the one window no journal closes (a retry runs the body again with the same ref).
      w.hooks.beforeModel = undefined;
      const controller = new AbortController();
      w.record.afterEffect = () => {
        w.record.afterEffect = undefined;
        controller.abort();
      };
      const outcome = await settle(w.agent().send(sessionId, resume, { ...ctx, signal: controller.signal }));
      return { ...outcome, inWindow: true };
    }
    case 'last-write': {
      // The store refuses the turn's last write each time it is tried; the release after it goes through.
      w.hooks.beforeModel = undefined;
      const flaky = new FlakyStore(w.store, { at: 1, when: 'before', mode: 'transient', on: 'release', times: 3 });
      return settle(w.agent(flaky).send(sessionId, resume, ctx));
    }
    case 'write': {
      w.hooks.beforeModel = undefined;
      const flaky = new FlakyStore(w.store, { at: failure.at, when: failure.when, mode: 'crash' });
      const outcome = await settle(w.agent(flaky).send(sessionId, resume, ctx));
      const inWindow = failure.when === 'before' && (flaky.mutations[failure.at - 1]?.recorded ?? 0) > 0;
      return { ...outcome, inWindow };
    }
  }
}

async function followUp(w: World, step: FollowUp, sessionId: string, ref: string, requestId?: string) {
  w.hooks.beforeModel = undefined;
  // Whatever held the session (a dead instance, the failed turn) has lapsed by now.
  w.clock.advance(LEASE_MS + 1);
  const approve = { resume: { restart: [{ ref, name: 'transfer' }] } };
  const ctx = { uid: 'alice' };
  switch (step) {
    case 'retry-same-call':
      return settle(w.agent().send(sessionId, approve, ctx));
    case 'retry-request-id':
      return settle(w.agent().send(sessionId, approve, { ...ctx, requestId: requestId as string }));
    case 'deny':
      return settle(w.agent().send(sessionId, { resume: { decline: [{ ref, name: 'transfer', reason: 'no' }] } }, ctx));
    case 'restart-replace-input': {
      const replace = { resume: { restart: [{ ref, name: 'transfer', replaceInput: { cents: 700 } }] } };
      return settle(w.agent().send(sessionId, replace, ctx));
    }
    case 'new-message':
      return settle(w.agent().send(sessionId, { message: 'thanks' }, ctx));
    case 'new-message-then-retry-request-id': {
      // Another client's message closes whatever the failed call left open; then its own client retries.
      const other = await settle(w.agent().send(sessionId, { message: 'thanks' }, ctx));
      const retried = await settle(w.agent().send(sessionId, approve, { ...ctx, requestId: requestId as string }));
      return { ...retried, other };
    }
    case 'cleanup-after-ttl':
    case 'cleanup-then-retry': {
      w.clock.advance(2 * DAY);
      const report = await runCleanup({ store: w.store, clock: w.clock.now });
      expect(report.errors).toBe(0);
      if (step === 'cleanup-after-ttl') return { ok: report };
      return settle(w.agent().send(sessionId, approve, ctx));
    }
  }
}

/** Where the approved call stood before the follow-up: waiting, answered (approved or done), or gone. */
function approvalOf(session: Session, ref: string): 'waiting' | 'answered' {
  const part = toolRequestsOf(session.history.at(-1)).find((p) => p.toolRequest.ref === ref);
  return part?.metadata?.interrupt !== undefined ? 'waiting' : 'answered';
}

if (!host) {
  console.warn('\n*** SKIPPED: failure matrix — no Firestore emulator ***\n');
  describe.skip('failure matrix', () => {
    it('needs the Firestore emulator', () => undefined);
  });
}

describe.skipIf(!host)('an approved turn that fails, then what comes next', () => {
  for (const failure of APPROVED_TURN_FAILURES) {
    for (const step of FOLLOW_UPS) {
      it(`keeps every invariant when ${describeFailure(failure)} strikes, then ${step}`, async () => {
        const w = world();
        const asked = await w.agent().send(undefined, { message: 'send 5 euros' }, { uid: 'alice' });
        expect(asked.status).toBe('interrupted');
        const ref = asked.interrupts[0]?.ref as string;
        const requestId = step.endsWith('retry-request-id') ? 'approve-1' : undefined;
        const failed = await failApprovedTurn(w, asked.sessionId, ref, failure, requestId);
        const inWindow = 'inWindow' in failed && failed.inWindow === true;
        if ('error' in failed) expect(isKitError(failed.error) || failed.error instanceof Error).toBe(true);
        const before = (await w.store.load(asked.sessionId))?.session as Session;
        const answered = approvalOf(before, ref) === 'answered' && before.status !== 'idle';
        const next = await followUp(w, step, asked.sessionId, ref, requestId);
        const sent = ['send 5 euros', ...(step === 'new-message' && 'ok' in next ? ['thanks'] : [])];
        const session = await expectInvariants(w, asked.sessionId, ref, sent, inWindow ? 2 : 1);

        if ((step === 'deny' || step === 'restart-replace-input') && answered) {
          // An answer once journaled is final: a different one runs nothing.
          expect('error' in next && isKitError(next.error) && next.error.reason).toBe('ALREADY_ANSWERED');
        }
        const stillWaiting = !answered && before.status === 'interrupted';
        if (step === 'cleanup-then-retry' && stillWaiting) {
          // Nothing was journaled before the failure: the approval waited a day and expired.
          expect('error' in next && isKitError(next.error) && next.error.reason).toBe('APPROVAL_EXPIRED');
          expect(w.record.applied.size).toBe(0);
        } else if (step === 'retry-same-call' || step === 'retry-request-id' || step === 'cleanup-then-retry') {
          // The approval goes through exactly once, whatever failed (or it was already done).
          if ('error' in next) expect(isKitError(next.error) && next.error.reason).toBe('ALREADY_ANSWERED');
          expect(w.record.applied.has(ref)).toBe(true);
        }
        if (step === 'cleanup-after-ttl' && answered) {
          // An approved call no longer waits for a person: the cleanup does not expire it.
          expect(session.status).not.toBe('expired');
        }
        if (step === 'new-message' && 'ok' in next) expect(session.status).toBe('idle');
        if (step === 'new-message-then-retry-request-id') {
          // The retry never runs the closed call again nor stores a message twice: it is refused by name.
          expect(userTexts(session.history).filter((t) => t === 'thanks').length).toBeLessThanOrEqual(1);
          if ('error' in next) expect(isKitError(next.error) && next.error.reason).toBe('REQUEST_CLOSED');
        }
      });
    }
  }
});

/** A sibling of `charge` that fails the whole turn (onError: 'throw') while `charge` still runs, until it is back. */
function auditTool(down: () => boolean, before: () => Promise<void>) {
  return defineTool(
    {
      name: 'audit',
      description: 'audits a payment',
      inputSchema: z.object({ orderId: z.string() }),
      outputSchema: z.object({ audited: z.boolean() }),
      onError: 'throw',
      sideEffects: 'none',
    },
    async () => {
      await before();
      if (down()) throw new KitError('unavailable', 'the audit service is down');
      return { audited: true };
    },
  );
}

describe.skipIf(!host)('a round whose sibling tool throws while a side-effect tool runs', () => {
  for (const step of FOLLOW_UPS) {
    it(`journals the finished charge and never pays twice, then ${step}`, async () => {
      firestore ??= emulatorFirestore(host as string, projectId);
      const store = new FirestoreSessionStore({ firestore, prefix: `s${tenants++}_` });
      const clock = manualClock();
      const record: Effects = effects();
      // The audit throws once the charge has applied its effect and while it has not yet returned:
      // the round must wait for the charge (and journal it) before the turn fails.
      const charged = gate();
      const auditDone = gate();
      record.afterEffect = async () => {
        charged.open();
        await auditDone.promise;
      };
      const afterCharge = async () => {
        await charged.promise;
        auditDone.open();
      };
      let auditDown = true;
      const model = scriptedModel((request) => {
        const last = request.messages.at(-1) as Message;
        if (last.role === 'user' && userTexts([last])[0] === 'pay') {
          const calls = [
            { toolRequest: { name: 'charge', input: { orderId: 'A', cents: 100 } } },
            { toolRequest: { name: 'audit', input: { orderId: 'A' } } },
          ];
          return { message: { role: 'model', content: calls }, finishReason: 'stop' };
        }
        return last.role === 'user' ? `noted: ${userTexts([last])[0]}` : 'paid';
      });
      const agent = () =>
        defineAgent({
          name: 'shop',
          model,
          tools: [chargeTool(record), auditTool(() => auditDown, afterCharge)],
          store,
          clock: clock.now,
          leaseMs: LEASE_MS,
        });
      const requestId = step === 'retry-request-id' ? 'pay-1' : undefined;
      const ctx = { uid: 'alice', ...(requestId ? { requestId } : {}) };
      const first = await settle(agent().send(undefined, { message: 'pay' }, ctx));
      expect('error' in first && isKitError(first.error) && first.error.code).toBe('unavailable');
      expect(record.runs).toBe(1);
      const sessionId = (first as { error: KitError }).error.details?.sessionId as string;
      const stored = (await store.load(sessionId))?.session as Session;
      expect(stored.status).toBe('failed');
      expect(recordedOf(stored)).toBe(1); // the charge that finished is journaled
      const ref = toolRequestsOf(stored.history.at(-1)).find((p) => p.toolRequest.name === 'charge')?.toolRequest
        .ref as string;
      auditDown = false;
      clock.advance(LEASE_MS + 1);
      let next: { ok: unknown } | { error: unknown };
      if (step === 'retry-same-call' || step === 'retry-request-id' || step === 'cleanup-then-retry') {
        if (step === 'cleanup-then-retry') {
          clock.advance(2 * DAY);
          await runCleanup({ store, clock: clock.now });
        }
        next = await settle(agent().send(sessionId, { message: 'pay' }, ctx));
      } else if (step === 'deny' || step === 'restart-replace-input') {
        const resume =
          step === 'deny'
            ? { decline: [{ ref, name: 'charge' }] }
            : { restart: [{ ref, name: 'charge', replaceInput: { orderId: 'A', cents: 999 } }] };
        next = await settle(agent().send(sessionId, { resume }, { uid: 'alice' }));
        expect('error' in next && isKitError(next.error) && next.error.reason).toBe('ALREADY_ANSWERED');
      } else if (step === 'new-message') {
        next = await settle(agent().send(sessionId, { message: 'thanks' }, { uid: 'alice' }));
        expect('ok' in next).toBe(true);
      } else {
        clock.advance(2 * DAY);
        next = { ok: await runCleanup({ store, clock: clock.now }) };
      }
      const session = (await store.load(sessionId))?.session as Session;
      expect(record.runs).toBe(1);
      expect(record.applied.size).toBe(1);
      for (const answer of answersFor(session.history, ref)) {
        expect(answer).toEqual({ charged: 100, orderId: 'A' });
      }
      expect(userTexts(session.history).filter((t) => t === 'pay')).toHaveLength(1);
      if (step.startsWith('retry') || step === 'cleanup-then-retry')
        expect(next).toMatchObject({ ok: { text: 'paid' } });
    });
  }
});
