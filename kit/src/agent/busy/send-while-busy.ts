import { isKitError } from '../../errors/index.js';
import { userMessage, warmSession } from '../admission/index.js';
import { stopTurn } from '../ending/index.js';
import { withSessionId } from '../runtime/index.js';
import type { AgentCallContext, AgentInput } from '../turn/index.js';
import { queueMessage, queueOf } from './queue-message.js';
import { type QueueDeps, runQueuedAfter } from './run-queued.js';
import type { AgentSendResult } from './send-result.js';

const isBusy = (error: unknown) => isKitError(error) && error.reason === 'SESSION_BUSY';

/** The call's outcome, its error naming the session it reached (a queue's refusals too), as a turn's errors do. */
const naming = <T>(sessionId: string, call: Promise<T>): Promise<T> =>
  call.catch((error: unknown) => {
    throw withSessionId(error, sessionId);
  });

/**
 * The session a call reached: its result's, or the one its error names (every error past the
 * owner's check carries it); none for a call refused before (another user's session, say).
 */
function heldSessionOf(outcome: unknown): string | undefined {
  const named = isKitError(outcome)
    ? outcome.details?.sessionId
    : (outcome as { sessionId?: unknown } | undefined)?.sessionId;
  return typeof named === 'string' ? named : undefined;
}

/** True when the turn that holds the session is this call's own (a retry of it): it waits, never queues or stops it. */
async function isOwnTurn(deps: QueueDeps, sessionId: string, requestId: string | undefined): Promise<boolean> {
  if (requestId === undefined) return false;
  const session = (await deps.rt.store.load(sessionId, { fresh: true }))?.session;
  return session?.turn?.requestId === requestId;
}

/** A turn of an agent that queues: the queue is run on once the turn has given its session up, without its caller waiting. */
async function turnThenQueue(
  deps: QueueDeps,
  sessionId: string | undefined,
  input: AgentInput,
  ctx: AgentCallContext,
): Promise<AgentSendResult<'queue'>> {
  let outcome: unknown;
  try {
    outcome = await deps.turn(sessionId, input, ctx);
    return outcome as AgentSendResult<'queue'>;
  } catch (error) {
    outcome = error;
    throw error;
  } finally {
    const held = heldSessionOf(outcome);
    if (held !== undefined) void runQueuedAfter(deps, held).catch(() => undefined);
  }
}

/** `whileBusy: 'queue'`: a message goes to the queue's tail while a turn runs or messages wait. */
async function sendOrQueue(deps: QueueDeps, sessionId: string, input: AgentInput, ctx: AgentCallContext) {
  const message = userMessage(deps.rt, input);
  // A queued message goes on from the head; one that goes on from a snapshot is never queued (busy is its answer).
  if (!message || input.snapshotId !== undefined) return turnThenQueue(deps, sessionId, input, ctx);
  const { queue: waiting } = ctx.warmed ?? warmSession(deps.rt, sessionId);
  // No jumping ahead: while messages wait, a new one goes behind them even if the session is free now.
  if ((await (waiting ?? queueOf(deps.rt).list(sessionId))).length)
    return queueMessage(deps, sessionId, input, ctx, message);
  try {
    return await turnThenQueue(deps, sessionId, input, ctx);
  } catch (error) {
    if (!isBusy(error) || (await isOwnTurn(deps, sessionId, ctx.requestId))) throw error;
    return queueMessage(deps, sessionId, input, ctx, message);
  }
}

/** `whileBusy: 'interrupt'`: a message stops the running turn (as a stop from its owner does), then is answered. */
async function sendOrInterrupt(deps: QueueDeps, sessionId: string, input: AgentInput, ctx: AgentCallContext) {
  try {
    return await deps.turn(sessionId, input, ctx);
  } catch (error) {
    if (!isBusy(error) || !deps.rt.store.stops || (await isOwnTurn(deps, sessionId, ctx.requestId))) throw error;
    // The turn ended by itself meanwhile (NOTHING_TO_STOP): the message simply goes ahead.
    await stopTurn(deps.rt, sessionId, { uid: ctx.uid }).catch((stopError: unknown) => {
      if (!isKitError(stopError) || stopError.reason !== 'NOTHING_TO_STOP') throw stopError;
    });
    return deps.turn(sessionId, input, ctx);
  }
}

/**
 * One call of an agent under its `whileBusy`: `reject` runs the turn as is (a running turn refuses
 * it `SESSION_BUSY`); `queue` queues a message that finds a turn running or messages waiting
 * (`queueMessage`) and runs the queue on after each turn; `interrupt` stops the running turn and
 * answers the message. A retry of the running turn's own call is never queued nor lets it be stopped.
 * Resumes and first messages (no session yet) always run as they are.
 */
export function sendWhileBusy(
  deps: QueueDeps,
  sessionId: string | undefined,
  input: AgentInput,
  ctx: AgentCallContext,
): Promise<AgentSendResult> {
  const mode = deps.rt.whileBusy;
  if (mode === 'reject') return deps.turn(sessionId, input, ctx);
  if (mode === 'queue') {
    return sessionId === undefined
      ? turnThenQueue(deps, sessionId, input, ctx)
      : naming(sessionId, sendOrQueue(deps, sessionId, input, ctx));
  }
  if (sessionId === undefined || input.message === undefined) return deps.turn(sessionId, input, ctx);
  return naming(sessionId, sendOrInterrupt(deps, sessionId, input, ctx));
}
