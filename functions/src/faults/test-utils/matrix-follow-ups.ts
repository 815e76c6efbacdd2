import type { SessionView } from '@callable-flows/client';
import type { Agent } from '@callable-flows/kit/agent/index.js';
import { requestDigest } from '@callable-flows/kit/agent/index.js';
import { runCleanup } from '@callable-flows/kit/cleanup/index.js';
import type { ErrorReason } from '@callable-flows/kit/errors/index.js';
import type { Message } from '@callable-flows/kit/model/index.js';
import type { SessionStatus } from '@callable-flows/kit/session/index.js';
import type { AfterFailure } from './approved-turn-failures.js';
import { type ClientFirestore, watchWhile } from './matrix-watch.js';
import {
  DAY_MS,
  describeSettled,
  LEASE_MS,
  type MatrixWorld,
  type Settled,
  settle,
  wireReason,
} from './matrix-world.js';

/** What the server's continuation did with the tasks the queue held: went on with a turn, or left them all alone. */
export type ServerOutcome = 'continued' | 'left alone';

/** What a follow-up gave: a call's result, the cleanup's run, the server's continuation, or what a client's watch showed. */
export type FollowUpOutcome =
  | Settled
  | 'cleaned'
  | { server: ServerOutcome }
  | { watched: SessionView; server: ServerOutcome };

/** What a follow-up must do, given what the failure left behind (from the failure table alone). */
export interface Expected {
  /**
   * `done`: the call answers; `queued`: the message waits in the queue (nothing written to the
   * session); `cleaned`: the cleanup ran without errors; `continued` / `left alone`: the server's
   * continuation went on with the turn or wrote nothing; `watched`: a client's watch showed the
   * session as it then stood; else the reason the call must fail with.
   */
  outcome: 'done' | 'queued' | 'cleaned' | 'continued' | 'left alone' | 'watched' | ErrorReason;
  /** A follow-up whose outcome is none of done, cleaned, continued writes nothing, unless this says it does. */
  writes?: true;
  /** Runs of the transfer body the follow-up adds downstream. */
  runs: 0 | 1;
  /** User texts the follow-up adds to the conversation (each stored exactly once). */
  sent: string[];
  /** The status the session must end in. */
  status: SessionStatus;
}

/** One thing a client, a user or the cleanup does after the failure. */
export interface FollowUp {
  name: string;
  /** What happens first and is not the call under test (the cleanup before a retry, another client's message). */
  prepare?(w: MatrixWorld, sessionId: string, after: AfterFailure): Promise<unknown>;
  run(w: MatrixWorld, sessionId: string, ref: string, requestId: string | undefined): Promise<FollowUpOutcome>;
  expected(after: AfterFailure): Expected;
  /** The request id the approving call carries (a retry by request id names the same one). */
  requestId?: string;
}

const alice = { uid: 'alice' };
const requestDigestOf = (message: Message) => requestDigest(message, undefined);
const approval = (ref: string) => ({ resume: { restart: [{ ref, name: 'transfer' }] } });

/** A retry of the approval: a finished or stopped turn's answer is final; anything else goes on from the journal. */
function retried(after: AfterFailure): Expected {
  if (after.finished || after.answerKept || after.stopped)
    return { outcome: 'ALREADY_ANSWERED', runs: 0, sent: [], status: after.status };
  return { outcome: 'done', runs: after.recorded ? 0 : 1, sent: [], status: 'idle' };
}

/** A different answer: refused (and nothing written) once the approval is journaled. */
function differentAnswer(after: AfterFailure, runs: 0 | 1): Expected {
  if (after.journaled) return { outcome: 'ALREADY_ANSWERED', runs: 0, sent: [], status: after.status };
  return { outcome: 'done', runs, sent: [], status: 'idle' };
}

/** The cleanup job, run two days on (past every interrupt's TTL); it must run without errors. */
export async function cleanupAfterTtl(w: MatrixWorld): Promise<'cleaned'> {
  w.clock.advance(2 * DAY_MS);
  const report = await runCleanup({ store: w.store, clock: w.clock.now });
  if (report.errors !== 0) throw new Error(`the cleanup failed ${report.errors} time(s)`);
  return 'cleaned';
}

/**
 * The queue dispatches every task it holds once the leases lapsed (on Cloud Tasks: after its
 * schedule; locally, again after each backoff), each run on an instance of its own (of `agent`,
 * the bank's unless told).
 */
export async function dispatchContinuations(
  w: MatrixWorld,
  agent: () => Pick<Agent, 'continue'> = w.agent,
): Promise<ServerOutcome> {
  let outcome: ServerOutcome = 'left alone';
  for (const { task } of w.queue.take()) {
    const done = await agent().continue(task);
    if (done === 'continued') outcome = 'continued';
    else if (done !== 'finished') throw new Error(`a continuation task ended ${done}`);
  }
  return outcome;
}

/** Only a turn whose instance died holding its lease, after it handed itself off, is continued by the server. */
const serverGoesOn = (after: AfterFailure): boolean => after.deadLease && after.handedOff;

/** What the server's continuation must do: go on from the journal as a retry would (the transfer runs only if its result was lost). */
function continuation(after: AfterFailure): Expected {
  if (!serverGoesOn(after)) return { outcome: 'left alone', runs: 0, sent: [], status: after.status };
  return { outcome: 'continued', runs: after.recorded ? 0 : 1, sent: [], status: 'idle' };
}

/** The client the watch follow-up comes back with (one per test file, on the matrix's project). */
let watcher: (() => ClientFirestore) | undefined;

/** Sets how the watch follow-up opens its client (the test file does, once it knows the emulator). */
export function useWatcher(open: () => ClientFirestore): void {
  watcher = open;
}

/** What a message after the failure gets: answered once the approval is journaled, else the approval must be answered first. */
function messageAfter(after: AfterFailure, waiting: Expected['outcome']): Expected {
  return after.journaled
    ? { outcome: 'done', runs: 0, sent: ['thanks'], status: 'idle' }
    : { outcome: waiting, runs: 0, sent: [], status: after.status };
}

/** A message queued while the failed turn ran (its instance died before it ran the queue). */
async function queuedWhileItRan(w: MatrixWorld, sessionId: string): Promise<void> {
  const message = { role: 'user' as const, content: [{ text: 'thanks' }] };
  const item = { requestId: 'queued-1', uid: 'alice', message, digest: requestDigestOf(message), at: w.clock.now() };
  const pushed = await w.store.queue.push(sessionId, item, { maxItems: 3, ownerUid: 'alice', expireAt: DAY_MS * 9e3 });
  if (!('queued' in pushed)) throw new Error(`the queue refused the message: ${JSON.stringify(pushed)}`);
}

/** The follow-ups of a failed approved turn. */
export const FOLLOW_UPS: readonly FollowUp[] = [
  {
    name: 'a retry of the same call',
    run: (w, sessionId, ref) => settle(w.agent().send(sessionId, approval(ref), alice)),
    expected: retried,
  },
  {
    name: 'a retry with the same request id',
    requestId: 'approve-1',
    run: (w, sessionId, ref, requestId) =>
      settle(w.agent().send(sessionId, approval(ref), { ...alice, requestId: requestId as string })),
    // A finished call's request id gets its stored result; one whose answer the release kept finishes from it;
    // a stopped call's is over (its turn was stopped: STOPPED, as the call itself was told), and nothing runs.
    expected: (after) => {
      if (after.stopped) return { outcome: 'STOPPED', runs: 0, sent: [], status: after.status };
      return after.finished || after.answerKept
        ? { outcome: 'done', runs: 0, sent: [], status: 'idle' }
        : retried(after);
    },
  },
  {
    name: 'a deny',
    run: (w, sessionId, ref) =>
      settle(w.agent().send(sessionId, { resume: { decline: [{ ref, name: 'transfer', reason: 'no' }] } }, alice)),
    expected: (after) => differentAnswer(after, 0),
  },
  {
    name: 'a restart with other input',
    run: (w, sessionId, ref) => {
      const replace = { resume: { restart: [{ ref, name: 'transfer', replaceInput: { cents: 700 } }] } };
      return settle(w.agent().send(sessionId, replace, alice));
    },
    expected: (after) => differentAnswer(after, 1),
  },
  {
    name: 'a new message',
    run: (w, sessionId) => settle(w.agent().send(sessionId, { message: 'thanks' }, alice)),
    // An approval still waiting must be answered first; else the message is answered.
    expected: (after) => messageAfter(after, 'INTERRUPT_PENDING'),
  },
  {
    name: 'a message queued while it ran, then the queue run and its sender’s retry by request id',
    prepare: queuedWhileItRan,
    run: async (w, sessionId) => {
      // The server runs the queue (the next turn's release, or a continuation); the sender asks again.
      const agent = w.busyAgent('queue');
      await agent.runQueued(sessionId);
      return settle(agent.send(sessionId, { message: 'thanks' }, { ...alice, requestId: 'queued-1' }));
    },
    // Answered once the approval is journaled (it closes what the failed turn left open, never
    // running it again); while the approval waits it stays queued, and nothing is written.
    expected: (after) => messageAfter(after, 'queued'),
  },
  {
    name: 'a message that interrupts',
    // The failed turn's lease has lapsed: nothing runs to stop, and the message goes as any message.
    run: (w, sessionId) => settle(w.busyAgent('interrupt').send(sessionId, { message: 'thanks' }, alice)),
    expected: (after) => messageAfter(after, 'INTERRUPT_PENDING'),
  },
  {
    name: 'the cleanup after the TTL',
    run: (w) => cleanupAfterTtl(w),
    // Only a call that truly waits for a person expires.
    expected: (after) => ({
      outcome: 'cleaned',
      runs: 0,
      sent: [],
      status: after.journaled ? after.status : 'expired',
    }),
  },
  {
    name: 'the cleanup, then a retry',
    prepare: cleanupAfterTtl,
    run: (w, sessionId, ref) => settle(w.agent().send(sessionId, approval(ref), alice)),
    expected: (after) =>
      after.journaled ? retried(after) : { outcome: 'APPROVAL_EXPIRED', runs: 0, sent: [], status: 'expired' },
  },
  {
    name: "another client's message, then the first client's retry by request id",
    requestId: 'approve-1',
    prepare: async (w, sessionId, after) => {
      // The other client's message is answered once the approval is journaled (it closes what the failed
      // call left open); while the approval still waits it is refused, and nothing of it is kept.
      const other = await settle(w.agent().send(sessionId, { message: 'thanks' }, alice));
      const wanted = after.journaled ? 'ok: done' : 'failed: INTERRUPT_PENDING';
      if (!describeSettled(other).startsWith(wanted))
        throw new Error(`the other client's message: ${describeSettled(other)}`);
    },
    run: (w, sessionId, ref, requestId) =>
      settle(w.agent().send(sessionId, approval(ref), { ...alice, requestId: requestId as string })),
    // The retry never runs the call again nor stores anything twice: a finished call's result is
    // replayed, a call the message cut short is refused by name, an approval never journaled goes through.
    expected: (after) => {
      if (!after.journaled) return { outcome: 'done', runs: 1, sent: [], status: 'idle' };
      if (after.finished) return { outcome: 'done', runs: 0, sent: ['thanks'], status: 'idle' };
      // A stopped call stays stopped, whatever came after it; a call the message cut short is closed.
      if (after.stopped) return { outcome: 'STOPPED', runs: 0, sent: ['thanks'], status: 'idle' };
      return { outcome: 'REQUEST_CLOSED', runs: 0, sent: ['thanks'], status: 'idle' };
    },
  },
  {
    name: 'a stop from another client, then a retry',
    prepare: async (w, sessionId) => {
      // No turn runs once the failed one's lease has lapsed (a dead instance's too): the stop is
      // refused by name and changes nothing, so the retry finds the session as the failure left it.
      const stop = await w
        .agent()
        .stop(sessionId, alice)
        .then(
          (result) => `answered ${result.status}`,
          (error: unknown) => wireReason(error),
        );
      if (stop !== 'NOTHING_TO_STOP') throw new Error(`the stop of a session with no running turn: ${stop}`);
    },
    run: (w, sessionId, ref) => settle(w.agent().send(sessionId, approval(ref), alice)),
    expected: retried,
  },
  {
    name: 'the continuation by the server',
    run: async (w) => ({ server: await dispatchContinuations(w) }),
    expected: continuation,
  },
  {
    name: 'the client reconnecting through watch while the server goes on',
    run: async (w, sessionId) => {
      if (!watcher) throw new Error('no watcher: call useWatcher first');
      let server: ServerOutcome = 'left alone';
      const watched = await watchWhile(watcher(), w.collections, sessionId, async () => {
        server = await dispatchContinuations(w);
        return (await w.stored(sessionId)).version;
      });
      return { watched, server };
    },
    // The watch shows the turn the server finished, or the session exactly as the failure left it.
    expected: (after) => ({
      ...continuation(after),
      outcome: 'watched',
      ...(serverGoesOn(after) ? { writes: true } : {}),
    }),
  },
];

/** Before a follow-up: whatever held the session (a dead instance, the failed turn) has lapsed. */
export function lapseLeases(w: MatrixWorld): void {
  w.hooks.beforeModel = undefined;
  w.record.afterEffect = undefined;
  w.record.beforeEffect = undefined;
  w.clock.advance(LEASE_MS + 1);
}
