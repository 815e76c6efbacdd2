import { gate } from '@callable-flows/kit/agent/test-utils/agent-fixtures.js';
import { inputDigest } from '@callable-flows/kit/call-state/index.js';
import type { ErrorReason } from '@callable-flows/kit/errors/index.js';
import { abortError, KitError } from '@callable-flows/kit/errors/index.js';
import type { SessionStatus } from '@callable-flows/kit/session/index.js';
import { FlakyStore } from '@callable-flows/kit/session/test-utils/flaky-store.js';
import { describeSettled, LEASE_MS, type MatrixWorld, type Settled, settle } from './matrix-world.js';

/**
 * What a failure point must leave behind, written down here (never read back from what the kit
 * stored): the follow-ups' expectations are derived from these facts alone.
 */
export interface AfterFailure {
  /** The wire reason the approving call fails with. */
  reason: ErrorReason;
  /** The approval reached the store before the failure, so it is final. */
  journaled: boolean;
  /** Runs of the transfer body during the failed call. */
  ran: 0 | 1;
  /** The transfer's result reached the store. */
  recorded: boolean;
  /** The turn's last write reached the store (only the reply was lost). */
  finished: boolean;
  /** The model's final answer reached the store without the last write (the release after it kept the journal). */
  answerKept?: true;
  /** The turn was stopped: it ended, its open round's calls answered "stopped by the user", its request closed. */
  stopped?: true;
  /** The failed turn's own lease is left on the session (its instance died holding it). */
  deadLease: boolean;
  /** The turn got its lease and began, so it had handed itself to the continuation queue (the matrix's agent does so as it starts). */
  handedOff: boolean;
  /** The status the failed call leaves stored (`running`: a dead instance's lease is still on it). */
  status: SessionStatus;
  /** The error code stored with the session, when the failed turn could store one. */
  storedError?: string;
  /** The approving call was refused at admission: it wrote nothing at all (the session's version and update time are unchanged). */
  refused?: true;
}

/** One way the approved turn fails. */
export interface FailurePoint {
  name: string;
  /** Makes the approving call (`restart` of `ref`) fail here; what its client saw. */
  strike(w: MatrixWorld, sessionId: string, ref: string, requestId: string | undefined): Promise<Settled>;
  after: AfterFailure;
}

/** True for the model call that follows the tool round. */
const afterTools = (request: { messages: { role: string }[] }): boolean => request.messages.at(-1)?.role === 'tool';

function approve(w: MatrixWorld, sessionId: string, ref: string, requestId: string | undefined, signal?: AbortSignal) {
  const ctx = { uid: 'alice', ...(requestId ? { requestId } : {}), ...(signal ? { signal } : {}) };
  return settle(w.agent().send(sessionId, { resume: { restart: [{ ref, name: 'transfer' }] } }, ctx));
}

/**
 * The approval given by `uid` through `Agent.answer` (the callable's path for every resume): max
 * is an approver who is not the owner (his call returns only what he answered), mallory is no one's.
 */
function answerAs(uid: string, agent: (w: MatrixWorld) => ReturnType<MatrixWorld['agent']> = (w) => w.agent()) {
  return (w: MatrixWorld, sessionId: string, ref: string, requestId: string | undefined): Promise<Settled> => {
    const ctx = { uid, context: { auth: { uid, token: {} } }, ...(requestId ? { requestId } : {}) };
    return settle(agent(w).answer(sessionId, { restart: [{ ref, name: 'transfer' }] }, ctx));
  };
}

const alice = { uid: 'alice' };

/**
 * Two answers to one call: `first` (sent under the pair's request id) holds the session while its transfer waits
 * before its effect; `second` is sent then, and is what the strike reports. `first` then ends.
 */
async function race(w: MatrixWorld, first: () => Promise<Settled>, second: () => Promise<Settled>): Promise<Settled> {
  const waiting = gate();
  const wait = gate();
  w.record.beforeEffect = () => {
    w.record.beforeEffect = undefined;
    waiting.open();
    return wait.promise;
  };
  const winning = first();
  await waiting.promise;
  const lost = await second();
  wait.open();
  const won = await winning;
  if (!('ok' in won)) throw new Error(`the first answer failed: ${describeSettled(won)}`);
  return lost;
}

/** Nothing of the approval journaled, nothing run: the approval still waits, as it did. */
const untouched = {
  journaled: false,
  ran: 0,
  recorded: false,
  finished: false,
  deadLease: false,
  handedOff: false,
  status: 'interrupted',
} as const;

/** An answer refused before anything is written or run. */
const refusedAnswer = (reason: ErrorReason): AfterFailure => ({ reason, ...untouched, refused: true });

/** An approving call with `reply` (beside its ref and name) in place of a plain approval. */
function answerWith(reply: Record<string, unknown>) {
  return (w: MatrixWorld, sessionId: string, ref: string, requestId: string | undefined) => {
    const ctx = { uid: 'alice', ...(requestId ? { requestId } : {}) };
    return settle(w.agent().send(sessionId, { resume: { restart: [{ ref, name: 'transfer', ...reply }] } }, ctx));
  };
}

/** A process that dies at the `at`-th write of the turn (1: the lease write that journals the approval). */
function crashAtWrite(at: number, when: 'before' | 'after', after: AfterFailure): FailurePoint {
  return {
    name: `a crash ${when} journal write ${at}`,
    strike: (w, sessionId, ref, requestId) => {
      const flaky = new FlakyStore(w.store, { at, when, mode: 'crash' });
      const ctx = { uid: 'alice', ...(requestId ? { requestId } : {}) };
      return settle(w.agent(flaky).send(sessionId, { resume: { restart: [{ ref, name: 'transfer' }] } }, ctx));
    },
    after,
  };
}

/** The approval journaled, the transfer run and recorded; then the turn failed before its last write. */
const ranAndRecorded = { journaled: true, ran: 1, recorded: true, finished: false, handedOff: true } as const;
/** …and gave its lease up (released, or taken over): no continuation is due. */
const ranAndReleased = { ...ranAndRecorded, deadLease: false } as const;
/** …and died holding its lease. */
const ranAndDied = { ...ranAndRecorded, deadLease: true } as const;

/**
 * The failure points of an approved turn. The turn writes three times: (1) the lease with the
 * approval, (2) the transfer's result, (3) the answer, giving the lease up.
 */
export const APPROVED_TURN_FAILURES: readonly FailurePoint[] = [
  {
    name: 'the model failing after the tools ran',
    strike: (w, sessionId, ref, requestId) => {
      w.hooks.beforeModel = (_call, request) => {
        if (afterTools(request))
          throw new KitError('unavailable', 'Gemini answered 503', { reason: 'MODEL_UNAVAILABLE' });
      };
      return approve(w, sessionId, ref, requestId);
    },
    after: { reason: 'MODEL_UNAVAILABLE', ...ranAndReleased, status: 'failed', storedError: 'unavailable' },
  },
  crashAtWrite(1, 'before', { reason: 'STORE_UNAVAILABLE', ...untouched }),
  // The lease write landed and the process died before the turn began: it handed nothing off.
  crashAtWrite(1, 'after', {
    reason: 'STORE_UNAVAILABLE',
    journaled: true,
    ran: 0,
    recorded: false,
    finished: false,
    deadLease: true,
    handedOff: false,
    status: 'running',
  }),
  // The crash-after-effect window: the transfer ran, its record never reached the store.
  crashAtWrite(2, 'before', {
    reason: 'STORE_UNAVAILABLE',
    journaled: true,
    ran: 1,
    recorded: false,
    finished: false,
    deadLease: true,
    handedOff: true,
    status: 'running',
  }),
  crashAtWrite(2, 'after', { reason: 'STORE_UNAVAILABLE', ...ranAndDied, status: 'running' }),
  crashAtWrite(3, 'before', { reason: 'STORE_UNAVAILABLE', ...ranAndDied, status: 'running' }),
  crashAtWrite(3, 'after', { reason: 'STORE_UNAVAILABLE', ...ranAndReleased, finished: true, status: 'idle' }),
  {
    // The client went away (under onDisconnect 'finish' the turn goes on without it), then the
    // instance dies while the model answers: no write fails in front of anyone; nobody retries.
    name: 'the instance dying mid-model-step with nobody waiting',
    strike: (w, sessionId, ref, requestId) => {
      const instance = new FlakyStore(w.store);
      w.hooks.beforeModel = (_call, request) => {
        if (afterTools(request)) instance.kill();
      };
      const ctx = { uid: 'alice', ...(requestId ? { requestId } : {}) };
      return settle(w.agent(instance).send(sessionId, { resume: { restart: [{ ref, name: 'transfer' }] } }, ctx));
    },
    after: { reason: 'STORE_UNAVAILABLE', ...ranAndDied, status: 'running' },
  },
  {
    name: 'the client going away before the answer',
    strike: (w, sessionId, ref, requestId) => {
      const controller = new AbortController();
      w.hooks.beforeModel = (_call, request) => {
        if (!afterTools(request)) return;
        controller.abort();
        // What the Gemini model throws when its request is aborted.
        throw abortError(controller.signal, 'the model call');
      };
      return approve(w, sessionId, ref, requestId, controller.signal);
    },
    after: { reason: 'CANCELLED', ...ranAndReleased, status: 'failed', storedError: 'cancelled' },
  },
  {
    name: 'the deadline passing before the answer',
    strike: (w, sessionId, ref, requestId) => {
      const controller = new AbortController();
      w.hooks.beforeModel = (_call, request) => {
        if (!afterTools(request)) return;
        const deadline = new KitError('deadline-exceeded', 'the call ran out of time', { reason: 'DEADLINE' });
        controller.abort(deadline);
        throw deadline;
      };
      return approve(w, sessionId, ref, requestId, controller.signal);
    },
    // The turn had handed itself to the continuation queue: it leaves its lease lapsed for the
    // task instead of failing (its caller is told DEADLINE, with `continues`).
    after: { reason: 'DEADLINE', ...ranAndDied, status: 'running' },
  },
  {
    name: 'another instance taking the lease over before the answer',
    strike: (w, sessionId, ref, requestId) => {
      w.hooks.beforeModel = async (_call, request) => {
        if (!afterTools(request)) return;
        // Our lease lapsed while we stalled: another instance takes the session over, then dies.
        w.clock.advance(LEASE_MS + 1);
        const current = await w.store.load(sessionId);
        if (!current) throw new Error('the session is gone');
        const lease = { id: 'other-instance', expiresAt: w.clock.now() + LEASE_MS };
        await w.store.write(current, { ...current.session, lease, version: current.session.version + 1 });
      };
      return approve(w, sessionId, ref, requestId);
    },
    // The running lease is the other instance's: the failed turn's task finds its own gone.
    after: { reason: 'SESSION_BUSY', ...ranAndReleased, status: 'running' },
  },
  {
    // The client goes away while the approved transfer runs, after its effect and before its
    // result: the crash-after-effect window again (a retry runs the body again, same ref).
    name: 'the client going away while the approved tool runs',
    strike: (w, sessionId, ref, requestId) => {
      const controller = new AbortController();
      w.record.afterEffect = () => {
        w.record.afterEffect = undefined;
        controller.abort();
      };
      return approve(w, sessionId, ref, requestId, controller.signal);
    },
    after: {
      reason: 'CANCELLED',
      journaled: true,
      ran: 1,
      recorded: false,
      finished: false,
      deadLease: false,
      handedOff: true,
      status: 'failed',
      storedError: 'cancelled',
    },
  },
  {
    // A stop from another client lands while the approved transfer waits on something before its
    // effect; the tool reads its ctx.signal only when the wait is over. It must find it aborted
    // (made after the stop, it still is): the effect never happens, as the stopped journal says.
    name: 'a stop landing while a tool awaits',
    strike: async (w, sessionId, ref, requestId) => {
      const waiting = gate();
      const wait = gate();
      w.record.beforeEffect = () => {
        waiting.open();
        return wait.promise;
      };
      const approving = approve(w, sessionId, ref, requestId);
      await waiting.promise;
      await w.agent().stop(sessionId, { uid: 'alice' });
      const stopped = await approving;
      wait.open();
      // The abandoned body goes on now: it reads its signal, and applies the effect or not, before the next macrotask.
      await new Promise((resolve) => setImmediate(resolve));
      return stopped;
    },
    after: {
      reason: 'STOPPED',
      journaled: true,
      ran: 0,
      recorded: false,
      finished: false,
      stopped: true,
      deadLease: false,
      handedOff: true,
      status: 'idle',
    },
  },
  {
    // Someone who is no approver of the transfer answers it: refused before anything is read into a plan.
    name: 'an answer by someone who is no approver',
    strike: answerAs('mallory'),
    after: refusedAnswer('NOT_ALLOWED'),
  },
  {
    // An approver who is not the owner approves; the turn, now alice's, fails after the tools ran.
    name: "an approver's answer, then the model failing after the tools ran",
    strike: (w, sessionId, ref, requestId) => {
      w.hooks.beforeModel = (_call, request) => {
        if (afterTools(request))
          throw new KitError('unavailable', 'Gemini answered 503', { reason: 'MODEL_UNAVAILABLE' });
      };
      return answerAs('max')(w, sessionId, ref, requestId);
    },
    after: { reason: 'MODEL_UNAVAILABLE', ...ranAndReleased, status: 'failed', storedError: 'unavailable' },
  },
  {
    // The approver's turn dies after the transfer's record reached the store, holding its lease.
    name: "an approver's answer, then a crash after journal write 2",
    strike: (w, sessionId, ref, requestId) =>
      answerAs('max', (world) => world.agent(new FlakyStore(world.store, { at: 2, when: 'after', mode: 'crash' })))(
        w,
        sessionId,
        ref,
        requestId,
      ),
    after: { reason: 'STORE_UNAVAILABLE', ...ranAndDied, status: 'running' },
  },
  {
    // The owner approves; while the approved transfer runs, the approver answers the same call:
    // it no longer waits and is not his, so he is refused as anyone is. The owner's turn finishes.
    name: "an approver's answer racing the owner's approval",
    strike: (w, sessionId, ref, requestId) =>
      race(
        w,
        () => approve(w, sessionId, ref, requestId),
        () => answerAs('max')(w, sessionId, ref, undefined),
      ),
    after: { reason: 'NOT_ALLOWED', ...ranAndReleased, finished: true, status: 'idle' },
  },
  {
    // The approver approves; while the approved transfer runs, the owner declines the same call:
    // the session is busy with the approver's turn, which then finishes (the owner's retry is told it was answered).
    name: "the owner's decline racing an approver's approval",
    strike: (w, sessionId, ref, requestId) =>
      race(
        w,
        () => answerAs('max')(w, sessionId, ref, requestId),
        () =>
          settle(w.agent().send(sessionId, { resume: { decline: [{ ref, name: 'transfer', reason: 'no' }] } }, alice)),
      ),
    after: { reason: 'SESSION_BUSY', ...ranAndReleased, finished: true, status: 'idle' },
  },
  {
    // A forged approval: the transfer lets a person edit its amount, never who is paid.
    name: 'a forged answer (an edit the tool does not allow)',
    strike: answerWith({ replaceInput: { cents: 700, to: 'MALLORY' } }),
    after: refusedAnswer('ANSWER_NOT_ALLOWED'),
  },
  {
    // An approval given for another call than the one waiting (an old card, another tab's).
    name: 'a stale answer (the digest of another input)',
    strike: answerWith({ inputDigest: inputDigest({ cents: 700 }) }),
    after: refusedAnswer('APPROVAL_STALE'),
  },
  {
    // The store refuses the turn's last write each time it is tried; the release after it goes
    // through, storing the failure, so the session is never left running.
    name: "the turn's last write failing",
    strike: (w, sessionId, ref, requestId) => {
      const flaky = new FlakyStore(w.store, { at: 1, when: 'before', mode: 'transient', on: 'release', times: 3 });
      const ctx = { uid: 'alice', ...(requestId ? { requestId } : {}) };
      return settle(w.agent(flaky).send(sessionId, { resume: { restart: [{ ref, name: 'transfer' }] } }, ctx));
    },
    after: {
      reason: 'STORE_UNAVAILABLE',
      ...ranAndReleased,
      answerKept: true,
      status: 'failed',
      storedError: 'unavailable',
    },
  },
];

/** The one window no journal closes: the body ran, its record was lost; a retry runs it again. */
export const inCrashAfterEffectWindow = (after: AfterFailure): boolean => after.ran === 1 && !after.recorded;
