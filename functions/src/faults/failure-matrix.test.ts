import { defineAgent } from '@callable-flows/kit/agent/define-agent.js';
import type { Agent } from '@callable-flows/kit/agent/index.js';
import {
  chargeTool,
  type Effects,
  effects,
  gate,
  manualClock,
  userTexts,
} from '@callable-flows/kit/agent/test-utils/agent-fixtures.js';
import { runCleanup } from '@callable-flows/kit/cleanup/index.js';
import { isKitError, KitError } from '@callable-flows/kit/errors/index.js';
import { type Message, toolRequestsOf } from '@callable-flows/kit/model/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import type { WaitingApproval } from '@callable-flows/kit/session/index.js';
import { type Session, SessionSchema } from '@callable-flows/kit/session/index.js';
import { demoProjectId, emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import { recordedOf } from '@callable-flows/kit/session/test-utils/flaky-store.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { defineTool } from '@callable-flows/kit/tools/index.js';
import type { DocumentSnapshot, Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type AfterFailure,
  APPROVED_TURN_FAILURES,
  inCrashAfterEffectWindow,
} from './test-utils/approved-turn-failures.js';
import {
  DEAD_CALL_ID,
  DEAD_TURN_STOP_FOLLOW_UPS,
  diesHoldingTheTurn,
  messageAfterTheStop,
  stopTheDeadTurn,
} from './test-utils/dead-turn-stop.js';
import { approvalAfterDeploy, approveAfterDeploy, DEPLOY_FOLLOW_UPS, DEPLOYS } from './test-utils/deploy-follow-ups.js';
import {
  type Expected,
  FOLLOW_UPS,
  type FollowUpOutcome,
  lapseLeases,
  useWatcher,
} from './test-utils/matrix-follow-ups.js';
import { type ClientFirestore, clientFirestore } from './test-utils/matrix-watch.js';
import { DAY_MS as DAY, describeSettled, LEASE_MS, matrixWorld, type Settled } from './test-utils/matrix-world.js';
import {
  CLAIM_MS,
  cleanupTelling,
  NOTICE_DEATHS,
  NOTICE_FOLLOW_UPS,
  NOTICE_GRACE_MS,
} from './test-utils/notice-deaths.js';
import {
  OWN,
  QUEUED_FOLLOW_UPS,
  QUEUED_TURN_FAILURES,
  sessionWithWaitingMessage,
  shopAgent,
  WAITING,
} from './test-utils/queued-turn-failures.js';
import { SUB_AGENT_FOLLOW_UPS, subAgentWorld } from './test-utils/sub-agent-follow-ups.js';

// The failure matrix of an approved turn (issue: turns as a journal). Each failure point strikes
// in the middle of a turn on the Firestore emulator; each follow-up is what a client, a user or
// the cleanup does next. What each failure must have done (its reason, whether the approval was
// journaled, whether the tool ran and was recorded) and what each follow-up must then do are
// written in the two tables (test-utils/approved-turn-failures.ts, test-utils/matrix-follow-ups.ts),
// never read back from what the kit stored: a failure point that stops striking, or a kit that
// forgets a journal write, turns the matrix red. Every pair is also held to the invariants: each
// tool body run counted downstream, a second run only in the crash-after-effect window, the stored
// history never contradicting what ran, no user message lost, and the session always parsing.
// SIGKILL of a real process at each journal point is proved in crash-points.test.ts; here a
// `crash` is a store that fails every call from that point on, which leaves Firestore exactly as
// a killed process would.

const host = firestoreEmulatorHost();
const projectId = demoProjectId('matrix');
let firestore: Firestore | undefined;
let tenants = 0;
let client: ClientFirestore | undefined;
if (host) useWatcher(() => (client ??= clientFirestore(host, projectId)));

afterAll(async () => {
  await client?.close();
  await firestore?.terminate();
});

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
const saysNotRun = (output: unknown): boolean => /not run|expired|declined/.test(JSON.stringify(output));

/** True when the stored history still holds `ref` as an interrupt waiting for a person. */
function stillWaits(session: Session, ref: string): boolean {
  const part = toolRequestsOf(session.history.at(-1)).find((p) => p.toolRequest.ref === ref);
  return part?.metadata?.interrupt !== undefined;
}

/** The stored session right after the failure agrees with what the failure table says happened. */
function expectLeftBehind(session: Session, ref: string, after: AfterFailure): void {
  expect(session.status).toBe(after.status);
  if (after.storedError !== undefined) expect(session.error?.code).toBe(after.storedError);
  expect(stillWaits(session, ref)).toBe(!after.journaled);
  expect(answersFor(session.history, ref).some(ranOutput)).toBe(after.recorded);
}

/** The follow-up did what the table says. */
function expectOutcome(next: FollowUpOutcome, expected: Expected): void {
  if (next !== 'cleaned' && 'watched' in next) {
    expect(expected.outcome).toBe('watched');
    expect(next.server).toBe(expected.writes ? 'continued' : 'left alone');
    expect(next.watched.status).toBe(expected.status);
    return;
  }
  if (next !== 'cleaned' && 'server' in next) {
    expect(next.server).toBe(expected.outcome);
    return;
  }
  const seen = next === 'cleaned' ? 'cleaned' : describeSettled(next);
  if (expected.outcome === 'cleaned') expect(seen).toBe('cleaned');
  else if (expected.outcome === 'done' || expected.outcome === 'queued') {
    expect(next !== 'cleaned' && 'ok' in next && next.ok.status, seen).toBe(expected.outcome);
  } else expect(next !== 'cleaned' && 'failed' in next && next.failed, seen).toBe(expected.outcome);
}

/** The invariants every pair is held to, with the body runs counted downstream. */
function expectInvariants(session: Session, ref: string, runs: string[], sent: readonly string[]): void {
  expect(SessionSchema.safeParse(session).success).toBe(true);
  // One call was ever made: every body run carried its ref (the downstream idempotency key).
  for (const r of runs) expect(r).toBe(ref);
  for (const answer of answersFor(session.history, ref)) {
    // It ran: the history never says otherwise; it never ran: the history never says it did.
    if (runs.length > 0) expect(saysNotRun(answer), JSON.stringify(answer)).toBe(false);
    else expect(ranOutput(answer), JSON.stringify(answer)).toBe(false);
  }
  const texts = userTexts(session.history);
  for (const text of ['send 5 euros', ...sent]) expect(texts.filter((t) => t === text)).toHaveLength(1);
  if (!sent.includes('thanks')) expect(texts).not.toContain('thanks');
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
      it(`keeps every invariant when ${failure.name} strikes, then ${step.name}`, async () => {
        firestore ??= emulatorFirestore(host as string, projectId);
        const w = matrixWorld(firestore);
        const asked = await w.agent().send(undefined, { message: 'send 5 euros' }, { uid: 'alice' });
        expect(asked.status).toBe('interrupted');
        const { sessionId } = asked;
        const ref = asked.interrupts[0]?.ref as string;
        const { after } = failure;

        const before = { version: (await w.stored(sessionId)).version, at: await w.writtenAt(sessionId) };
        const failed = await failure.strike(w, sessionId, ref, step.requestId);
        expect(describeSettled(failed)).toMatch(new RegExp(`^failed: ${after.reason} `));
        expect(w.record.refs).toHaveLength(after.ran);
        const left = await w.stored(sessionId);
        // A refused answer wrote nothing at all.
        if (after.refused) expect({ version: left.version, at: await w.writtenAt(sessionId) }).toEqual(before);
        expectLeftBehind(left, ref, after);

        lapseLeases(w);
        await step.prepare?.(w, sessionId, after);
        const version = (await w.stored(sessionId)).version;
        const writtenAt = await w.writtenAt(sessionId);
        const expected = step.expected(after);
        const next = await step.run(w, sessionId, ref, step.requestId);
        expectOutcome(next, expected);
        const session = await w.stored(sessionId);
        if (!['done', 'cleaned', 'continued'].includes(expected.outcome) && !expected.writes) {
          // A refused call writes nothing.
          expect(session.version).toBe(version);
          expect(await w.writtenAt(sessionId)).toBe(writtenAt);
        }
        // Each body run is counted downstream; a second one only where no journal can help.
        expect(w.record.refs).toHaveLength(after.ran + expected.runs);
        expect(w.record.refs.length).toBeLessThanOrEqual(inCrashAfterEffectWindow(after) ? 2 : 1);
        expect(session.status).toBe(expected.status);
        expectInvariants(session, ref, w.record.refs, expected.sent);
      });
    }
  }
});

describe.skipIf(!host)('a stop of a dead turn followed by a new message, then what comes next', () => {
  for (const failure of APPROVED_TURN_FAILURES.filter((f) => diesHoldingTheTurn(f.after))) {
    for (const step of DEAD_TURN_STOP_FOLLOW_UPS) {
      it(`keeps every invariant when ${failure.name} strikes, the owner stops the dead turn and sends a new message, then ${step.name}`, async () => {
        firestore ??= emulatorFirestore(host as string, projectId);
        const w = matrixWorld(firestore);
        const asked = await w.agent().send(undefined, { message: 'send 5 euros' }, { uid: 'alice' });
        const { sessionId } = asked;
        const ref = asked.interrupts[0]?.ref as string;
        const { after } = failure;
        const failed = await failure.strike(w, sessionId, ref, DEAD_CALL_ID);
        expect(describeSettled(failed)).toMatch(new RegExp(`^failed: ${after.reason} `));
        expectLeftBehind(await w.stored(sessionId), ref, after);

        // The stop names the dead turn's lease while it is live: nobody is left to hear it.
        expect(await stopTheDeadTurn(w, sessionId)).toBe('stopping');
        lapseLeases(w);
        const message = await messageAfterTheStop(w, sessionId);
        expect(describeSettled(message)).toMatch(/^ok: done /);
        const closed = await w.stored(sessionId);
        // The dead turn ends as the stop asked: a call with no recorded result is told the stop's
        // words (whether it ran is unknown), never that the turn failed; its call's id is stopped.
        // The call has one answer: its recorded result, or those words.
        const answers = answersFor(closed.history, ref);
        expect(answers).toHaveLength(1);
        if (after.recorded) expect(ranOutput(answers[0])).toBe(true);
        else expect(JSON.stringify(answers[0])).toMatch(/stopped by the user .*whether it ran is unknown/);
        expect(closed.requests?.find((r) => r.id === DEAD_CALL_ID)?.outcome).toBe('stopped');
        expect(closed.outcome?.kind).toBe('done');
        expect(w.record.refs).toHaveLength(after.ran);

        const version = closed.version;
        const writtenAt = await w.writtenAt(sessionId);
        const expected = step.expected(after);
        const next = await step.run(w, sessionId, ref, step.requestId);
        expectOutcome(next, expected);
        const session = await w.stored(sessionId);
        if (!['done', 'cleaned'].includes(expected.outcome)) {
          // A refused call, or a continuation with nothing to go on with, writes nothing.
          expect(session.version).toBe(version);
          expect(await w.writtenAt(sessionId)).toBe(writtenAt);
        }
        // Nothing that ran runs again: the stop closed the dead turn, and nothing retried it.
        expect(w.record.refs).toHaveLength(after.ran + expected.runs);
        expect(session.status).toBe(expected.status);
        expectInvariants(session, ref, w.record.refs, expected.sent);
      });
    }
  }
});

describe.skipIf(!host)('a tool changed by a deploy while its approval waits, then what comes next', () => {
  for (const after of DEPLOYS) {
    for (const step of DEPLOY_FOLLOW_UPS) {
      it(`keeps every invariant when a deploy (${after.deploy}) lands before the approval, then ${step.name}`, async () => {
        firestore ??= emulatorFirestore(host as string, projectId);
        const w = matrixWorld(firestore);
        const asked = await w.agent().send(undefined, { message: 'send 5 euros' }, { uid: 'alice' });
        expect(asked.status).toBe('interrupted');
        const { sessionId } = asked;
        const ref = asked.interrupts[0]?.ref as string;

        w.deploy(after.deploy);
        const before = { version: (await w.stored(sessionId)).version, at: await w.writtenAt(sessionId) };
        const approved = approvalAfterDeploy(after);
        expectOutcome(await approveAfterDeploy(w, sessionId, ref, step.requestId), approved);
        expect(w.record.refs).toHaveLength(approved.runs);
        const left = await w.stored(sessionId);
        expect(left.status).toBe(approved.status);
        // A refused answer wrote nothing at all, and the call still waits as it did.
        if (!after.runnable) {
          expect({ version: left.version, at: await w.writtenAt(sessionId) }).toEqual(before);
          expect(stillWaits(left, ref)).toBe(true);
        }

        lapseLeases(w);
        await step.prepare?.(w);
        const version = (await w.stored(sessionId)).version;
        const writtenAt = await w.writtenAt(sessionId);
        const expected = step.expected(after);
        expectOutcome(await step.run(w, sessionId, ref, step.requestId), expected);
        const session = await w.stored(sessionId);
        if (!['done', 'cleaned', 'continued'].includes(expected.outcome)) {
          // A refused call, or a continuation with nothing to go on with, writes nothing.
          expect(session.version).toBe(version);
          expect(await w.writtenAt(sessionId)).toBe(writtenAt);
        }
        // The migrated call ran once, with the one call's ref; a changed call never ran.
        expect(w.record.refs).toHaveLength(approved.runs + expected.runs);
        expect(session.status).toBe(expected.status);
        expectInvariants(session, ref, w.record.refs, expected.sent);
        // What ran is what the history says ran: the migrated input, the one asked kept beside it.
        if (after.runnable) expect([...w.record.applied.values()]).toEqual([{ amountCents: 500 }]);
        if (!after.runnable && step.name === 'a new message') {
          expect(answersFor(session.history, ref)).toEqual([{ error: 'the tool changed; it was not run' }]);
        }
      });
    }
  }
});

describe.skipIf(!host)('the instance that is to tell of a waiting approval dying, then what comes next', () => {
  for (const death of NOTICE_DEATHS) {
    for (const step of NOTICE_FOLLOW_UPS) {
      it(`tells the approval at most once, and only while it waits, when ${death.name} strikes, then ${step.name}`, async () => {
        firestore ??= emulatorFirestore(host as string, projectId);
        const w = matrixWorld(firestore);
        // Every instance made, so that the test waits for the notices each started.
        const made: Agent[] = [];
        const instance = w.agent;
        w.agent = (over) => {
          const agent = instance(over);
          made.push(agent);
          return agent;
        };
        const noticesEnded = () => Promise.all(made.map((agent) => agent.idle()));
        // Each notice that goes out is counted.
        const told: string[] = [];
        const hook = (approval: WaitingApproval) => void told.push(approval.ref);
        const dying = death.dying(w, hook);
        w.hooks.onApprovalWaiting = dying.hook;
        const asked = await w
          .agent(dying.store)
          .send(undefined, { message: 'send 5 euros' }, { uid: 'alice', requestId: 'ask-1' });
        expect(asked.status).toBe('interrupted');
        const { sessionId } = asked;
        const ref = asked.interrupts[0]?.ref as string;
        const doc = () => firestore?.doc(w.store.approvalRef(sessionId, ref).path).get() as Promise<DocumentSnapshot>;
        // What the death left: the call waiting, its notice claimed or not, never sent.
        await dying.struck(noticesEnded);
        const left = (await doc()).data();
        expect(left?.state).toBe('waiting');
        expect(left?.notice?.claimedAt !== undefined).toBe(death.claimed);
        expect(left?.notice?.sentAt).toBeUndefined();

        // From now on every instance tells; a frozen one comes back once the follow-up is done.
        w.hooks.onApprovalWaiting = hook;
        lapseLeases(w);
        await step.run(w, sessionId, ref, hook);
        dying.thaw?.();
        await noticesEnded();
        expect(told).toHaveLength(step.expected.tells + death.tellsLate(step.expected));
        const state = (await doc()).get('state');
        expect(state === 'waiting').toBe(step.expected.waits);
        expect(stillWaits(await w.stored(sessionId), ref)).toBe(step.expected.waits);

        // The cleanup once every claim lapsed, twice: a call that still waits is told, once; one
        // answered or closed meanwhile never is.
        await cleanupTelling(w, NOTICE_GRACE_MS + CLAIM_MS, hook);
        await cleanupTelling(w, NOTICE_GRACE_MS + CLAIM_MS, hook);
        expect(told).toEqual(step.expected.waits ? [ref] : []);
        if (step.expected.waits) expect((await doc()).get('notice.sentAt')).toBeDefined();
      });
    }
  }
});

/** The ref of the history's charge call, if the model asked for one. */
const chargeRefOf = (history: readonly Message[]): string | undefined =>
  history.flatMap((m) => toolRequestsOf(m)).find((p) => p.toolRequest.name === 'charge')?.toolRequest.ref;
const charged = (output: unknown): boolean => (output as { charged?: unknown } | null)?.charged === 300;

/** The invariants of a queued message's turn and what came after it, with the charge's body runs counted downstream. */
function expectQueuedInvariants(session: Session, runs: string[], sent: readonly string[]): void {
  expect(SessionSchema.safeParse(session).success).toBe(true);
  // Each effect at most once, with the one call's ref.
  expect(runs.length).toBeLessThanOrEqual(1);
  const ref = chargeRefOf(session.history);
  for (const r of runs) expect(r).toBe(ref);
  // It ran: the history never says otherwise; it never ran: the history never says it did.
  for (const answer of ref ? answersFor(session.history, ref) : []) {
    expect(charged(answer), JSON.stringify(answer)).toBe(runs.length > 0);
  }
  // Nothing the user sent is lost, stored twice or reordered.
  expect(userTexts(session.history)).toEqual(['hi', WAITING.text, OWN.text, ...sent]);
  // The history alternates: a user message is never followed by another with nothing between.
  const roles = session.history.map((m) => m.role);
  expect(
    roles.some((role, i) => role === 'user' && roles[i + 1] === 'user'),
    roles.join(' '),
  ).toBe(false);
}

describe.skipIf(!host)('a queued message whose own call runs the queue up to it, and whose turn ends early', () => {
  for (const failure of QUEUED_TURN_FAILURES) {
    for (const step of QUEUED_FOLLOW_UPS) {
      it(`keeps every invariant when ${failure.name}, then ${step.name}`, async () => {
        firestore ??= emulatorFirestore(host as string, projectId);
        const w = matrixWorld(firestore);
        const agent = shopAgent(w);
        const sessionId = await sessionWithWaitingMessage(w, agent);
        const { after } = failure;

        // The call gets its own turn's outcome, and the turn ran once (the charge as the table says).
        const own = await failure.strike(w, agent, sessionId);
        expect(describeSettled(own)).toMatch(new RegExp(`^failed: ${after.reason} `));
        expect(w.record.refs).toHaveLength(after.ran);
        const left = await w.stored(sessionId);
        expect(left.status).toBe(after.status);
        expect(left.lease ?? null).toBeNull();
        const ref = chargeRefOf(left.history);
        expect(ref !== undefined && answersFor(left.history, ref).some(charged)).toBe(after.recorded);
        expect(await w.store.queue.list(sessionId)).toEqual([]);

        lapseLeases(w);
        const version = left.version;
        const writtenAt = await w.writtenAt(sessionId);
        const expected = step.expected(after);
        const next = await step.run(w, agent, sessionId);
        expectOutcome(next, expected);
        const session = await w.stored(sessionId);
        if (!['done', 'cleaned'].includes(expected.outcome) && !expected.writes) {
          // A refused call writes nothing, nor does a server that finds nothing to go on with.
          expect(session.version).toBe(version);
          expect(await w.writtenAt(sessionId)).toBe(writtenAt);
        }
        expect(w.record.refs).toHaveLength(after.ran + expected.runs);
        expect(session.status).toBe(expected.status);
        expect(await w.store.queue.list(sessionId)).toEqual([]);
        expectQueuedInvariants(session, w.record.refs, expected.sent);
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

/** What comes after the failed round: the follow-ups of the matrix, by name. */
const SIBLING_FOLLOW_UPS = [
  'retry-same-call',
  'retry-request-id',
  'deny',
  'restart-replace-input',
  'new-message',
  'cleanup-after-ttl',
  'cleanup-then-retry',
] as const;

/** The error a call rejected with, or the result it gave. */
async function settled<T>(call: Promise<T>): Promise<{ ok: T } | { error: unknown }> {
  try {
    return { ok: await call };
  } catch (error) {
    return { error };
  }
}

describe.skipIf(!host)('a round whose sibling tool throws while a side-effect tool runs', () => {
  for (const step of SIBLING_FOLLOW_UPS) {
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
      const first = await settled(agent().send(undefined, { message: 'pay' }, ctx));
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
        next = await settled(agent().send(sessionId, { message: 'pay' }, ctx));
      } else if (step === 'deny' || step === 'restart-replace-input') {
        const resume =
          step === 'deny'
            ? { decline: [{ ref, name: 'charge' }] }
            : { restart: [{ ref, name: 'charge', replaceInput: { orderId: 'A', cents: 999 } }] };
        next = await settled(agent().send(sessionId, { resume }, { uid: 'alice' }));
        expect('error' in next && isKitError(next.error) && next.error.reason).toBe('ALREADY_ANSWERED');
      } else if (step === 'new-message') {
        next = await settled(agent().send(sessionId, { message: 'thanks' }, { uid: 'alice' }));
        expect('ok' in next).toBe(true);
      } else {
        clock.advance(2 * DAY);
        next = { ok: await runCleanup({ store, clock: clock.now }) };
      }
      const session = (await store.load(sessionId))?.session as Session;
      // One body run downstream, whatever came next: the journaled charge is never run again.
      expect(record.refs).toEqual([ref]);
      for (const answer of answersFor(session.history, ref)) {
        expect(answer).toEqual({ charged: 100, orderId: 'A' });
      }
      expect(userTexts(session.history).filter((t) => t === 'pay')).toHaveLength(1);
      if (step.startsWith('retry') || step === 'cleanup-then-retry')
        expect(next).toMatchObject({ ok: { text: 'paid' } });
    });
  }
});

/** What a follow-up gave, as a word: `done`, `cleaned`, `continued`, or the reason it failed with. */
const wordOf = (next: Settled | 'cleaned' | 'continued'): string =>
  typeof next === 'string' ? next : 'ok' in next ? 'done' : next.failed;

describe.skipIf(!host)('a sub-agent that waits for a person, then what comes next', () => {
  for (const step of SUB_AGENT_FOLLOW_UPS) {
    it(`keeps every invariant of both sessions when a sub-agent's question waits, then ${step.name}`, async () => {
      firestore ??= emulatorFirestore(host as string, projectId);
      const w = subAgentWorld(firestore);
      const asked = await w.agent().send(undefined, { message: 'send 5 euros' }, { uid: 'alice', requestId: 'ask-1' });
      expect(asked.status).toBe('interrupted');
      const { sessionId } = asked;
      const question = asked.interrupts[0];
      const path = question?.ref as string;
      expect(question).toMatchObject({ name: 'transfer', input: { cents: 500 } });
      const parentRef = path.split('/')[0] as string;
      const subId = (await w.stored(sessionId)).history
        .flatMap(toolRequestsOf)
        .find((p) => p.toolRequest.ref === parentRef)?.metadata?.interrupt as { subAgent: { sessionId: string } };
      const sub = subId.subAgent.sessionId;
      const versions = async () => [(await w.stored(sessionId)).version, (await w.stored(sub)).version];
      const before = await versions();

      const next = await step.run(w, sessionId, path, question?.inputDigest as string);
      expect(wordOf(next), describeOutcome(next)).toBe(step.expected.outcome);
      if (!step.expected.writes) expect(await versions()).toEqual(before);
      if (step.retry) {
        const again = await step.retry(w, sessionId, path, question?.inputDigest as string);
        expect(wordOf(again), describeOutcome(again)).toBe(step.retried);
      }

      const parent = await w.stored(sessionId);
      const child = await w.stored(sub);
      expect([parent.status, child.status]).toEqual(step.expected.status);
      expect(SessionSchema.safeParse(parent).success).toBe(true);
      expect(SessionSchema.safeParse(child).success).toBe(true);
      // Each body run carried the one call's ref; the downstream system applied it at most once.
      expect(w.record.refs).toHaveLength(step.expected.runs);
      expect(new Set(w.record.refs).size).toBeLessThanOrEqual(1);
      expect(w.record.applied.size).toBe(step.expected.runs > 0 ? 1 : 0);
      // Nothing the user sent is lost or stored twice, in either session.
      const texts = userTexts(parent.history);
      for (const text of ['send 5 euros', ...step.expected.sent])
        expect(texts.filter((t) => t === text)).toHaveLength(1);
      expect(userTexts(child.history)).toHaveLength(1);
      // The sub-session's history never contradicts what ran: the transfer's answers say it ran iff it did.
      const subRef = path.split('/')[1] as string;
      for (const answer of answersFor(child.history, subRef)) {
        if (step.expected.runs > 0) expect(saysNotRun(answer), JSON.stringify(answer)).toBe(false);
        else expect(ranOutput(answer), JSON.stringify(answer)).toBe(false);
      }
      // Nothing ran unapproved: a run means the sub-agent's call carries its approval.
      if (step.expected.runs > 0) {
        const call = child.history.flatMap(toolRequestsOf).find((p) => p.toolRequest.ref === subRef);
        expect(call?.metadata?.answeredBy).toMatchObject({ uid: 'alice' });
      }
    });
  }
});

function describeOutcome(next: Settled | 'cleaned' | 'continued'): string {
  return typeof next === 'string' ? next : describeSettled(next);
}
