import type { z } from 'zod';
import { isKitError, KitError, throwIfAborted } from '../errors/index.js';
import type { StepObserver } from '../model/index.js';
import type { Session } from '../session/session-schema.js';
import { statusAfterTurn } from '../session/session-standing.js';
import type { Agent, AgentCallContext, AgentInput, AgentSendResult } from './agent.js';
import type { AgentConfig, WhileBusy } from './agent-config.js';
import { type AgentRuntime, resolveAgent } from './agent-runtime.js';
import { beginTurn } from './begin-turn.js';
import { closeTrailingRequests } from './close-trailing-requests.js';
import { listenForStop } from './listen-for-stop.js';
import { releaseAfterFailure, writeRelease } from './release-turn.js';
import { type QueueDeps, type RunTurn, runQueuedAfter } from './run-queued.js';
import { runTurn, type TurnOutcome } from './run-turn.js';
import { sendWhileBusy } from './send-while-busy.js';
import { stopTurn } from './stop-turn.js';
import { keepResult } from './stored-results.js';
import { type CallOutcome, traceCall } from './trace-call.js';
import { TurnJournal } from './turn-journal.js';
import { TurnWriter } from './turn-writer.js';
import { userMessage } from './user-message.js';

const SESSION_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The session a finished turn leaves: its history, summary and result stored, no lease. */
function finished(session: Session, rt: AgentRuntime, outcome: TurnOutcome, requestId: string | undefined): Session {
  const { error: _error, summary: _summary, ...rest } = session;
  const next: Session = {
    ...rest,
    ...(outcome.state === undefined ? {} : { state: outcome.state }),
    history: outcome.history,
    status: statusAfterTurn(outcome.history, false),
  };
  if (outcome.summary) next.summary = outcome.summary;
  if (requestId !== undefined) {
    const textAt = outcome.history.findLastIndex((m) => m.role === 'model');
    next.results = keepResult(
      session.results,
      requestId,
      outcome.result,
      Math.max(0, textAt),
      rt.keepResults,
      rt.timing.clock(),
    );
  }
  return next;
}

/** The session a stopped turn leaves: what finished stays, the open round closed honestly, no lease. */
function stopped(session: Session, journal: TurnJournal): Session {
  const { error: _error, ...rest } = journal.withHistory(session);
  return { ...rest, history: closeTrailingRequests(journal.history, 'user-stop'), status: 'idle' };
}

/** The error with the session's id in its details, so a first call's client can retry or resume it. */
function withSessionId(error: unknown, sessionId: string): unknown {
  if (!isKitError(error) || error.details?.sessionId !== undefined) return error;
  return new KitError(error.code, error.message, { details: { ...error.details, sessionId }, cause: error });
}

async function send(
  rt: AgentRuntime,
  sessionId: string | undefined,
  input: AgentInput,
  ctx: AgentCallContext,
  observer: StepObserver | undefined,
): Promise<CallOutcome> {
  if (sessionId !== undefined && !SESSION_ID.test(sessionId)) {
    throw new KitError('invalid-argument', 'sessionId must be 1–128 letters, digits, _ or -');
  }
  const message = userMessage(rt, input);
  throwIfAborted(ctx.signal, 'agent call');
  const start = await beginTurn(rt, {
    sessionId,
    uid: ctx.uid,
    input,
    message,
    requestId: ctx.requestId,
    now: rt.timing.clock(),
  });
  if ('replay' in start) return { result: start.replay, replayed: true };
  const turn = start.started;
  const writer = new TurnWriter(rt.store, turn.record, rt.timing);
  const journal = new TurnJournal(writer, rt.toolMap, rt.state);
  writer.startHeartbeat();
  const stop = listenForStop(rt, writer.session.id, writer.leaseId);
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, stop.signal]) : stop.signal;
  try {
    const outcome = await runTurn(rt, journal, writer, turn, { ...ctx, signal }, observer);
    await writeRelease(writer, (s) => finished(s, rt, outcome, ctx.requestId));
    return { result: outcome.result, replayed: false };
  } catch (error) {
    if (!stop.signal.aborted || writer.leaseLost) {
      await releaseAfterFailure(rt, writer, journal, error, ctx.signal);
      throw withSessionId(error, writer.session.id);
    }
    // Stopped: the session is free at once, with what finished (a failed release is handled as any failure's).
    await writeRelease(writer, (s) => stopped(s, journal)).catch(() =>
      releaseAfterFailure(rt, writer, journal, stop.signal.reason, ctx.signal),
    );
    throw withSessionId(stop.signal.reason, writer.session.id);
  } finally {
    stop.close();
    writer.stopHeartbeat();
  }
}

/**
 * Defines a stateful chat flow. Each `send` loads the session (cache, then store), checks its
 * owner and takes its lease in a write that also journals the user message (or the resume's
 * answers, built from the stored tool requests). The turn is then a journal: each model message
 * that asks for tools is stored before they run, each tool result as it finishes, so a failed
 * turn is stored with exactly what ran, and a retry goes on from there without running any
 * recorded call again. A call with a `requestId` seen before gets the first call's result. Each
 * call is one `invoke_agent` span and, when it runs, a trace in the agent's (and the call's) trace sinks;
 * secrets are never stored.
 */
export function defineAgent<O extends z.ZodType = z.ZodType, W extends WhileBusy = 'reject'>(
  config: AgentConfig<O> & { whileBusy?: W },
): Agent<W> {
  const rt = resolveAgent(config);
  const turn: RunTurn = (sessionId, input, ctx) =>
    traceCall(rt, sessionId, input, ctx, (observer) => send(rt, sessionId, input, ctx, observer));
  const deps: QueueDeps = { rt, turn };
  return {
    kind: 'agent',
    name: rt.name,
    whileBusy: rt.whileBusy as W,
    send: async (sessionId, input, ctx) => {
      if (!ctx?.uid) throw new KitError('unauthenticated', 'an agent call needs the caller’s uid');
      return sendWhileBusy(deps, sessionId, input, ctx) as Promise<AgentSendResult<W>>;
    },
    runQueued: (sessionId) => runQueuedAfter(deps, sessionId),
    stop: async (sessionId, ctx) => {
      if (!ctx?.uid) throw new KitError('unauthenticated', 'a stop needs the caller’s uid');
      return stopTurn(rt, sessionId, ctx);
    },
  };
}
