import { isKitError } from '../../errors/index.js';
import type { QueuedMessage, TurnQueue } from '../../session/index.js';
import { findRequest } from '../call-records/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { AgentCallContext, AgentInput, AgentTurnResult } from '../turn/index.js';

/** Runs one turn of an agent as a call would (admission, lease, journal, release), never queueing it. */
export type RunTurn = (
  sessionId: string | undefined,
  input: AgentInput,
  ctx: AgentCallContext,
) => Promise<AgentTurnResult>;

/** What running a session's queue needs: the agent's runtime and its turn. */
export interface QueueDeps {
  rt: AgentRuntime;
  /** The turn as it is (admission, lease, journal), never a send that queues: a queued message would queue itself. */
  turn: RunTurn;
}

/** How a turn the queue ran ended: its result, or the error it ended with (it failed, or was stopped). */
export type QueuedTurnEnd = { result: AgentTurnResult } | { error: unknown };

/**
 * What one run of a queue did: the request ids it answered, in order, and how many messages still
 * wait; `waiting` says why it stopped with some left: a turn `held` the session (its release runs
 * the queue on), the session waits for answers to its `interrupts` (the resume's release does), or
 * the `store` failed before the head's turn was journaled (the next run tries it again). How a
 * message's turn ended reaches the call waiting for it through its waiter (`waitForQueuedTurn`).
 */
export interface QueueRun {
  ran: string[];
  left: number;
  waiting?: 'held' | 'interrupts' | 'store';
}

/** What became of the head's turn: it ended (answered, failed, stopped or closed), or it waits for the given reason. */
type HeadOutcome = { ended: QueuedTurnEnd } | { waiting: NonNullable<QueueRun['waiting']> };

/** The call that queued a message and waits for it: its turn streams to that call and is traced as it. */
export interface WaitingCall {
  requestId: string;
  ctx: AgentCallContext;
}

/** A call of this instance waiting for its queued message's turn, and how it is told that turn's end. */
export interface QueueWaiter extends WaitingCall {
  settle(end: QueuedTurnEnd): void;
}

const waiterKey = (sessionId: string, requestId: string) => `${sessionId}\u0000${requestId}`;

// Per agent instance (its runtime), by session and request id: a waiter is the instance's own.
const waiters = new WeakMap<AgentRuntime, Map<string, QueueWaiter>>();
function waitersOf(rt: AgentRuntime): Map<string, QueueWaiter> {
  const known = waiters.get(rt);
  if (known) return known;
  const map = new Map<string, QueueWaiter>();
  waiters.set(rt, map);
  return map;
}

/**
 * Registers `call` as waiting for its queued message on `sessionId`: whichever queue run of this
 * instance reaches that message runs it as this call (its stream, its trace) and tells it how its
 * turn ended (`ended`), so two runs of one instance never leave the call answered `queued` while
 * its own turn runs elsewhere in the process. `forget` once the call is answered.
 */
export function waitForQueuedTurn(
  rt: AgentRuntime,
  sessionId: string,
  call: WaitingCall,
): { ended: Promise<QueuedTurnEnd>; forget(): void } {
  const key = waiterKey(sessionId, call.requestId);
  let settle: (end: QueuedTurnEnd) => void = () => undefined;
  const ended = new Promise<QueuedTurnEnd>((resolve) => {
    settle = resolve;
  });
  const waiter: QueueWaiter = { ...call, settle };
  const map = waitersOf(rt);
  map.set(key, waiter);
  return {
    ended,
    forget: () => {
      if (map.get(key) === waiter) map.delete(key);
    },
  };
}

/**
 * The context the head's turn runs under: its waiting call's own (its stream, traces and auth),
 * else its sender's, as the server runs it. Never the waiting call's signal: a queued message is
 * the queue's to answer, so a caller that goes away (or its deadline) leaves it to run, as it
 * leaves any queued message, never half-admitted and waiting with nobody to run it.
 */
function headContext(head: QueuedMessage, waiting: WaitingCall | undefined): AgentCallContext {
  if (waiting?.requestId === head.requestId) {
    const { warmed: _warmed, signal: _signal, ...ctx } = waiting.ctx;
    return { ...ctx, requestId: head.requestId };
  }
  // Its tools see its sender as a call's do (`context.auth.uid`; the token's claims are not kept).
  return { uid: head.uid, requestId: head.requestId, context: { auth: { uid: head.uid, token: {} } } };
}

async function runHead(
  deps: QueueDeps,
  sessionId: string,
  head: QueuedMessage,
  waiting: WaitingCall | undefined,
): Promise<HeadOutcome> {
  try {
    const result = await deps.turn(sessionId, { message: head.message.content }, headContext(head, waiting));
    return { ended: { result } };
  } catch (error) {
    const reason = isKitError(error) ? error.reason : undefined;
    if (reason === 'SESSION_BUSY') return { waiting: 'held' };
    if (reason === 'INTERRUPT_PENDING') return { waiting: 'interrupts' };
    // Its turn was journaled under its request id (it ran and failed, was stopped, or a later call
    // closed it): it ended like any turn that ends so, and is off the queue. Not journaled: it waits.
    const session = (await deps.rt.store.load(sessionId, { fresh: true }))?.session;
    return !session || findRequest(session, head.requestId) ? { ended: { error } } : { waiting: 'store' };
  }
}

/**
 * Runs the messages queued on `sessionId`, oldest first, each as its own turn under its own request id
 * and its sender's uid, until the queue is empty or the session is not free (then whoever holds it
 * runs the rest when it releases). The head leaves the queue only once its turn was journaled, and
 * its request id, stored by that turn's first write, answers it from its stored result if it is ever
 * run again, so a message is answered at most once and never lost. Stops after the message of
 * `until` when given: the call that queued it waits for its own answer, and its turn runs as that
 * call. Safe from anywhere at any time.
 */
export async function runQueued(deps: QueueDeps, sessionId: string, until?: string): Promise<QueueRun> {
  const queue: TurnQueue | undefined = deps.rt.store.queue;
  const ran: string[] = [];
  if (!queue) return { ran, left: 0 };
  for (;;) {
    const [head, ...rest] = await queue.list(sessionId);
    if (!head) return { ran, left: 0 };
    // Taken to run, atomically with any withdraw: a message taken back meanwhile never runs.
    if (!(await queue.claim(sessionId, head.requestId))) continue;
    const waiter = waiters.get(deps.rt)?.get(waiterKey(sessionId, head.requestId));
    const outcome = await runHead(deps, sessionId, head, waiter);
    if ('waiting' in outcome) return { ran, left: rest.length + 1, waiting: outcome.waiting };
    await queue.shift(sessionId, head.requestId);
    waiter?.settle(outcome.ended);
    ran.push(head.requestId);
    if (head.requestId === until) return { ran, left: rest.length };
  }
}

/**
 * Runs the queue of `sessionId` after the runs already under way on this instance (so a message
 * queued while one of them looked is not missed), up to the message of `until` when given; the
 * promise is that run's. Turns that end call
 * it without waiting, so their caller is answered at once.
 */
export function runQueuedAfter(deps: QueueDeps, sessionId: string, until?: string): Promise<QueueRun> {
  const runs = deps.rt.queueRuns;
  const before = runs.get(sessionId) ?? Promise.resolve();
  const run = before.then(
    () => runQueued(deps, sessionId, until),
    () => runQueued(deps, sessionId, until),
  );
  runs.set(sessionId, run);
  const forget = () => {
    if (runs.get(sessionId) === run) runs.delete(sessionId);
  };
  run.then(forget, forget);
  return run;
}

/** Resolves once no queue run is under way on this instance, runs started meanwhile included. Never rejects. */
export async function queueRunsEnded(deps: QueueDeps): Promise<void> {
  const runs = deps.rt.queueRuns;
  while (runs.size) await Promise.allSettled(runs.values());
}
