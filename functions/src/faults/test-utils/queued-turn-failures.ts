import { type Agent, defineAgent, requestDigest, type WhileBusy } from '@callable-flows/kit/agent/index.js';
import { chargeTool, gate, userTexts } from '@callable-flows/kit/agent/test-utils/agent-fixtures.js';
import { abortError, type ErrorReason, KitError } from '@callable-flows/kit/errors/index.js';
import type { Message, ToolResponsePart } from '@callable-flows/kit/model/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import type { SessionStatus } from '@callable-flows/kit/session/index.js';
import type { z } from 'zod';
import { cleanupAfterTtl, dispatchContinuations, type Expected, type FollowUpOutcome } from './matrix-follow-ups.js';
import { DAY_MS, LEASE_MS, type MatrixWorld, type Settled, settle } from './matrix-world.js';

// The second part of the failure matrix: a message whose own call runs the queue up to itself
// (a message left waiting before it, nobody holding the session), and whose own turn is stopped or
// fails, before the model answered it or once its charge ran. What each must leave behind and
// what each follow-up must then do are written here, never read back from what the kit stored.

const alice = { uid: 'alice' };

/** The message whose own call runs the queue, its request id, and the message left waiting before it. */
export const OWN = { text: 'pay 3 euros', requestId: 'own-1' } as const;
export const WAITING = { text: 'waiting', requestId: 'waiting-1' } as const;

/**
 * The shop's model: "pay …" calls `charge` (a side effect that asks nobody), a tool message is
 * answered "paid: <outputs>", any other message "noted: <its text>"; the world's hook runs first.
 */
function payOnAsk(w: MatrixWorld) {
  return scriptedModel(async (request, { signal }) => {
    await w.hooks.beforeModel?.(0, request, signal);
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') {
      const outputs = last.content.map((p) => (p as ToolResponsePart).toolResponse?.output);
      return `paid: ${JSON.stringify(outputs)}`;
    }
    const [text = ''] = userTexts([last]);
    if (!text.startsWith('pay')) return `noted: ${text}`;
    const charge = { toolRequest: { name: 'charge', input: { orderId: 'A', cents: 300 } } };
    return { message: { role: 'model', content: [charge] }, finishReason: 'stop' };
  });
}

/** The shop agent that queues, as one instance sees it, over the world's store, clock, effects and continuation queue. */
export function shopAgent(w: MatrixWorld): () => Agent<WhileBusy> {
  const model = payOnAsk(w);
  return () =>
    defineAgent<z.ZodType, WhileBusy>({
      name: 'shop',
      model,
      tools: [chargeTool(w.record)],
      store: w.store,
      clock: w.clock.now,
      leaseMs: LEASE_MS,
      whileBusy: 'queue',
      continuation: { queue: w.queue, afterMs: 0 },
    });
}

/** A session of alice's with one message left waiting in its queue (its instance died before it ran it). */
export async function sessionWithWaitingMessage(w: MatrixWorld, agent: () => Agent<WhileBusy>): Promise<string> {
  const first = agent();
  const { sessionId } = await first.send(undefined, { message: 'hi' }, alice);
  // The queue run its turn's end started (it found nothing) is over before the message lands:
  // the instance is gone, as its death left it, and runs nothing of what follows.
  await first.idle();
  const message = { role: 'user' as const, content: [{ text: WAITING.text }] };
  const item = { ...WAITING, uid: 'alice', message, digest: requestDigest(message, undefined), at: w.clock.now() };
  await w.store.queue.push(sessionId, item, { maxItems: 3, ownerUid: 'alice', expireAt: DAY_MS * 9e3 });
  return sessionId;
}

/** What a failure of the own turn must leave behind. */
export interface QueuedAfter {
  /** The wire reason the own call fails with: its own turn's. */
  reason: ErrorReason;
  /** Runs of the charge body during the own call. */
  ran: 0 | 1;
  /** The charge's result reached the store. */
  recorded: boolean;
  /** The turn was stopped (else it failed). */
  stopped: boolean;
  status: SessionStatus;
}

/** One way the own turn ends early. */
export interface QueuedFailure {
  name: string;
  /** Makes the own call's turn end here; what its client saw. */
  strike(w: MatrixWorld, agent: () => Agent<WhileBusy>, sessionId: string): Promise<Settled>;
  after: QueuedAfter;
}

/** True for the model call of the own message (`answered`: the one after its charge ran). */
function ownCall(request: { messages: Message[] }, answered: boolean): boolean {
  const last = request.messages.at(-1) as Message;
  if (answered) return last.role === 'tool';
  return last.role === 'user' && userTexts([last])[0] === OWN.text;
}

const sendOwn = (agent: () => Agent<WhileBusy>, sessionId: string) =>
  settle(agent().send(sessionId, { message: OWN.text }, { ...alice, requestId: OWN.requestId }));

function failed(answered: boolean): QueuedFailure {
  return {
    name: `a queued message run by its own call fails ${answered ? 'after its charge ran' : 'before the model answered'}`,
    strike: (w, agent, sessionId) => {
      w.hooks.beforeModel = (_call, request) => {
        if (!ownCall(request, answered)) return;
        w.hooks.beforeModel = undefined;
        throw new KitError('unavailable', 'Gemini answered 503', { reason: 'MODEL_UNAVAILABLE' });
      };
      return sendOwn(agent, sessionId);
    },
    after: { reason: 'MODEL_UNAVAILABLE', ran: answered ? 1 : 0, recorded: answered, stopped: false, status: 'failed' },
  };
}

function stopped(answered: boolean): QueuedFailure {
  return {
    name: `a queued message run by its own call is stopped ${answered ? 'after its charge ran' : 'before the model answered'}`,
    strike: async (w, agent, sessionId) => {
      const held = gate();
      w.hooks.beforeModel = async (_call, request, signal) => {
        if (!ownCall(request, answered)) return;
        w.hooks.beforeModel = undefined;
        held.open();
        // What a real model's call does when its request is aborted.
        await new Promise((resolve) => signal?.addEventListener('abort', resolve, { once: true }));
        throw abortError(signal as AbortSignal, 'the model call');
      };
      const own = sendOwn(agent, sessionId);
      await held.promise;
      // Another client stops it (on another instance).
      const stop = await agent().stop(sessionId, alice);
      if (stop.status !== 'stopped') throw new Error(`the stop answered ${stop.status}`);
      return own;
    },
    after: { reason: 'STOPPED', ran: answered ? 1 : 0, recorded: answered, stopped: true, status: 'idle' },
  };
}

/** The ways the own turn of a queued message ends early. */
export const QUEUED_TURN_FAILURES: readonly QueuedFailure[] = [
  failed(false),
  failed(true),
  stopped(false),
  stopped(true),
];

/** One thing that comes after the own call's failure. */
export interface QueuedFollowUp {
  name: string;
  run(w: MatrixWorld, agent: () => Agent<WhileBusy>, sessionId: string): Promise<FollowUpOutcome>;
  expected(after: QueuedAfter): Expected;
}

/** The follow-ups of a queued message's own turn that ended early. */
export const QUEUED_FOLLOW_UPS: readonly QueuedFollowUp[] = [
  {
    name: 'its sender’s retry by request id',
    run: (_w, agent, sessionId) => sendOwn(agent, sessionId),
    // A failed turn goes on from its journal (its charge runs only if it never ran); a stopped one
    // is over: its retry is STOPPED, as the call was, and runs and writes nothing.
    expected: (after) =>
      after.stopped
        ? { outcome: 'STOPPED', runs: 0, sent: [], status: after.status }
        : { outcome: 'done', runs: after.recorded ? 0 : 1, sent: [], status: 'idle' },
  },
  {
    name: 'a new message',
    run: (_w, agent, sessionId) => settle(agent().send(sessionId, { message: 'thanks' }, alice)),
    // Answered, after what the own turn left is closed honestly (its unanswered message said so).
    expected: () => ({ outcome: 'done', runs: 0, sent: ['thanks'], status: 'idle' }),
  },
  {
    name: 'the cleanup after the TTL',
    run: (w) => cleanupAfterTtl(w),
    // Nothing waits for a person: nothing expires.
    expected: (after) => ({ outcome: 'cleaned', runs: 0, sent: [], status: after.status }),
  },
  {
    name: 'the continuation by the server',
    run: async (w, agent) => {
      // The own turn handed itself to the queue as it began (afterMs 0): there is a task to dispatch.
      if (w.queue.enqueues === 0) throw new Error('no turn was handed to the continuation queue');
      return { server: await dispatchContinuations(w, agent) };
    },
    // Every turn gave its lease up: the tasks find nothing to go on with (nor anything queued).
    expected: (after) => ({ outcome: 'left alone', runs: 0, sent: [], status: after.status }),
  },
];
