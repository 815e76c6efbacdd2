import type { ApprovalResult, Resume } from '@callable-flows/protocol';
import type { z } from 'zod';
import { waitingAddresses } from '../call-state/index.js';
import { isKitError, KitError, throwIfAborted } from '../errors/index.js';
import type { StepObserver } from '../model/index.js';
import type { Session } from '../session/session-schema.js';
import { statusAfter } from '../session/session-standing.js';
import { turnOutcome } from '../session/turn-outcome.js';
import type { StopRecord } from '../session/turn-stops.js';
import {
  admitSubResume,
  answererOf,
  approvalResult,
  type BeginRequest,
  beginTurn,
  userMessage,
  warmSession,
} from './admission/index.js';
import type { Agent } from './agent.js';
import {
  type AgentSendResult,
  type QueueDeps,
  queueRunsEnded,
  type RunTurn,
  runQueuedAfter,
  sendWhileBusy,
  withdrawQueued,
} from './busy/index.js';
import { endRequest, keepResult } from './call-records/index.js';
import { continueTurn } from './continuation/index.js';
import { type ContinuationTask, scheduleContinuation } from './continuation-queue/index.js';
import {
  handedOffError,
  handOffTurn,
  honourParentStop,
  isDeadline,
  listenForStop,
  releaseAfterFailure,
  runTurnEndHook,
  stopTurn,
  writeRelease,
} from './ending/index.js';
import { isHandoffTool, registerRuntime, routesOf, runHandingOff, type TurnInCharge } from './handoff/index.js';
import { closeTrailingRequests } from './history/index.js';
import { noticesEnded, tellWaiting } from './notices/index.js';
import {
  type CallOutcome,
  type FinishedTurn,
  LiveWriter,
  type RoundWords,
  TurnJournal,
  TurnWriter,
  traceCall,
} from './running/index.js';
import {
  type AgentConfig,
  type AgentRuntime,
  assertSessionId,
  refreshAgentTools,
  resolveAgent,
  type WhileBusy,
  withSessionId,
} from './runtime/index.js';
import { type ParentTurn, SUB_TURN, type SubTurn, type SubTurnCall, withParentTurn } from './sub-agent/index.js';
import type { AgentCallContext, AgentInput, AgentTurnResult, StartedTurn } from './turn/index.js';

/** The session a finished turn leaves: its history, summary and result stored, no lease. */
function finished(session: Session, rt: AgentRuntime, ended: FinishedTurn, requestId: string | undefined): Session {
  const { error: _error, summary: _summary, ...rest } = session;
  const status = statusAfter('finished', ended.history);
  const next: Session = {
    ...rest,
    ...(ended.state === undefined ? {} : { state: ended.state }),
    ...(ended.artifacts === undefined ? {} : { artifacts: ended.artifacts }),
    history: ended.history,
    status,
    outcome: turnOutcome(session.turn, rt.timing.clock(), { kind: status === 'interrupted' ? 'interrupted' : 'done' }),
  };
  if (ended.summary) next.summary = ended.summary;
  if (requestId !== undefined) {
    const textAt = ended.history.findLastIndex((m) => m.role === 'model');
    next.results = keepResult(
      session.results,
      requestId,
      ended.result,
      Math.max(0, textAt),
      rt.keepResults,
      rt.timing.clock(),
    );
  }
  return next;
}

/**
 * `history` with the words the stopped round had streamed as its partial answer, marked
 * `stopped`, so every device keeps what the person was reading; unchanged when it streamed none.
 */
function withPartialAnswer(history: Session['history'], words: RoundWords): Session['history'] {
  if (!words.text && !words.reasoning) return history;
  const content = [
    ...(words.reasoning ? [{ reasoning: words.reasoning }] : []),
    ...(words.text ? [{ text: words.text }] : []),
  ];
  return [...history, { role: 'model', content, metadata: { stopped: true } }];
}

/**
 * The session a stopped turn leaves: what finished stays, the open round closed honestly, no
 * lease; its outcome says who stopped it and when, and its call's request id is marked
 * `stopped`, so a retry of it is told `STOPPED` as the call was.
 */
function stopped(session: Session, journal: TurnJournal, stop: StopRecord, at: number, words: RoundWords): Session {
  const { error: _error, requests, ...rest } = journal.withHistory(session);
  const history = withPartialAnswer(closeTrailingRequests(journal.history, 'user-stop'), words);
  const ended = endRequest(requests, rest.turn?.requestId, 'stopped');
  return {
    ...rest,
    ...(ended === undefined ? {} : { requests: ended }),
    history,
    status: statusAfter('stopped', history),
    outcome: turnOutcome(rest.turn, at, { kind: 'stopped', stop, ownerUid: session.ownerUid }),
  };
}

/** What a client's call asks: its message (checked) or its resume, from its caller, under its request id. */
function clientRequest(
  rt: AgentRuntime,
  sessionId: string | undefined,
  input: AgentInput,
  ctx: AgentCallContext,
  approvers: boolean,
): BeginRequest {
  const message = userMessage(rt, input);
  const from = { sessionId, uid: ctx.uid, requestId: ctx.requestId, now: rt.timing.clock() };
  if (message) {
    return input.snapshotId === undefined
      ? { ...from, kind: 'message', message }
      : { ...from, kind: 'message', message, snapshotId: input.snapshotId };
  }
  // userMessage admitted exactly one of a message and a resume: no message is a resume.
  const answerer = answererOf(ctx.context, approvers, rt.approverName);
  return { ...from, kind: 'resume', resume: input.resume ?? {}, answerer };
}

/**
 * The call context of the turn an approver's answer goes on with: the owner's turn, as a
 * continuation's is (tools see the owner's uid as `ctx.context.auth.uid`, no claims), with
 * `approvedBy` naming who answered; no chunks stream to the approver.
 */
function approverTurnContext(ownerUid: string, ctx: AgentCallContext, request: BeginRequest): AgentCallContext {
  const appId = request.kind === 'resume' ? request.answerer?.appId : undefined;
  const approvedBy = { uid: ctx.uid, at: request.now, ...(appId === undefined ? {} : { appId }) };
  const { onChunk: _chunks, warmed: _warmed, context: _context, ...rest } = ctx;
  return { ...rest, uid: ownerUid, context: { auth: { uid: ownerUid, token: {} }, approvedBy } };
}

/**
 * A client's call: admitted, then its turn run, or the stored result of the call it repeats.
 * `approvers`: a resume from someone who is not the owner is admitted as an approver's (told by
 * `onApprover` before its turn runs).
 */
async function send(
  rt: AgentRuntime,
  sessionId: string | undefined,
  input: AgentInput,
  ctx: AgentCallContext,
  observer: StepObserver | undefined,
  onApprover?: () => void,
): Promise<CallOutcome> {
  let request = clientRequest(rt, sessionId, input, ctx, onApprover !== undefined);
  throwIfAborted(ctx.signal, 'agent call');
  let inCharge = await agentInCharge(rt, sessionId);
  for (let hops = 0; ; hops++) {
    // Tools from sources (an MCP server's) are known before admission: a resume is checked against them.
    const refreshed = refreshAgentTools(inCharge, ctx.context ?? {});
    if (refreshed) await refreshed;
    let start: Awaited<ReturnType<typeof beginTurn>>;
    try {
      start = await beginTurn(inCharge, request);
    } catch (error) {
      // Handed off since this instance last read the session: the call goes to the agent now in charge.
      const next = hops < MAX_REROUTES ? reroute(rt, error) : undefined;
      if (!next) throw error;
      inCharge = next;
      // A first call's retry names no session (its id is derived from the agent it called): the
      // session the refusal names is the one it goes on with, under the agent now in charge.
      const named = isKitError(error) ? error.details?.sessionId : undefined;
      if (request.sessionId === undefined && typeof named === 'string') request = { ...request, sessionId: named };
      continue;
    }
    if (start.byApprover) onApprover?.();
    if ('replay' in start) return { result: start.replay, replayed: true };
    const turnCtx = start.byApprover ? approverTurnContext(start.started.record.session.ownerUid, ctx, request) : ctx;
    return { result: await run(inCharge, start.started, turnCtx, observer, 0, { called: rt.name }), replayed: false };
  }
}

/** How often a call follows hand-offs it finds after its read (each is another read of the session). */
const MAX_REROUTES = 2;

/** The agent in charge of session `sessionId` as this instance last saw it (its cache): `rt`, or one its hand-offs reach. */
async function agentInCharge(rt: AgentRuntime, sessionId: string | undefined): Promise<AgentRuntime> {
  if (!rt.routeTo || sessionId === undefined) return rt;
  // The turn's own load joins this one (the agents share the store's cache): no read of its own.
  const agent = (await rt.store.load(sessionId).catch(() => undefined))?.session.agent;
  return (agent !== undefined && agent !== rt.name && rt.routeTo(agent)) || rt;
}

/** The agent a `WRONG_AGENT` refusal names, when `rt`'s hand-offs reach it; else undefined (the refusal stands). */
function reroute(rt: AgentRuntime, error: unknown): AgentRuntime | undefined {
  if (!isKitError(error) || error.reason !== 'WRONG_AGENT') return undefined;
  const agent = error.details?.agent;
  if (typeof agent !== 'string') return undefined;
  return agent === rt.name ? rt : rt.routeTo?.(agent);
}

/**
 * A sub-agent's call (`agentTool`): a message (or a resume) on its own session, linked to its
 * parent's, as the parent's owner, under the request id derived from the parent's call.
 */
async function sendSub(rt: AgentRuntime, call: SubTurnCall, observer: StepObserver | undefined): Promise<CallOutcome> {
  const ctx = subContext(call);
  const asked = clientRequest(rt, call.sessionId, call.input, ctx, false);
  // The parent's admission checked who answers; the sub-agent's calls are stamped with them.
  const answered = asked.kind === 'resume' && call.answeredBy ? { ...asked, answeredBy: call.answeredBy } : asked;
  const request = { ...answered, link: call.link };
  throwIfAborted(ctx.signal, 'agent call');
  const refreshed = refreshAgentTools(rt, ctx.context ?? {});
  if (refreshed) await refreshed;
  const start = await beginTurn(rt, request);
  if ('replay' in start) return { result: start.replay, replayed: true };
  return { result: await run(rt, start.started, ctx, observer, 0, { sub: call }), replayed: false };
}

function subContext(call: SubTurnCall): AgentCallContext {
  const ctx: AgentCallContext = {
    uid: call.ownerUid,
    context: call.context,
    signal: call.signal,
    requestId: call.requestId,
  };
  if (call.onChunk) ctx.onChunk = call.onChunk;
  return ctx;
}

/**
 * How a turn that threw ends: handed on to the server near its function's deadline (when the queue
 * holds it), released as failed, or, stopped, released at once with what finished and the words it
 * had streamed. Always throws: the error the call is answered with.
 */
async function endThrownTurn(
  rt: AgentRuntime,
  writer: TurnWriter,
  journal: TurnJournal,
  turn: { stop: ReturnType<typeof listenForStop>; live: LiveWriter; handOff: ReturnType<typeof scheduleContinuation> },
  error: unknown,
  signal: AbortSignal | undefined,
): Promise<never> {
  const { stop, live, handOff } = turn;
  // Near its function's timeout, a turn the queue already holds goes on on the server.
  // The stop the turn heard, if one ended it (its signal fires only with one: `honour`).
  const heard = stop.heard;
  if (handOff.queued && !heard && !writer.leaseLost && isDeadline(error, signal)) {
    const handed = await handOffTurn(writer, journal).then(
      () => true,
      () => false,
    );
    if (handed) throw handedOffError(writer.session.id);
  }
  if (!heard || writer.leaseLost) {
    await releaseAfterFailure(rt, writer, journal, error, signal);
    throw withSessionId(error, writer.session.id);
  }
  // Stopped: the session is free at once, with what finished (a failed release is handled as any failure's).
  const words = live.round;
  live.end();
  await writeRelease(writer, (s) => stopped(s, journal, heard, rt.timing.clock(), words)).catch(() =>
    releaseAfterFailure(rt, writer, journal, stop.signal.reason, signal),
  );
  throw withSessionId(stop.signal.reason, writer.session.id);
}

/**
 * Runs a turn that holds its session's lease, to its release: finished, stopped, failed, or
 * handed off near its function's deadline. `handOffs`: how many hand-offs came before this run.
 * `called`: the agent whose callable took the call (`rt` unless a hand-off routed it): its
 * continuation task names it, as the continuation function serves the agents of its callables.
 * `sub`: a sub-agent's turn, which schedules no continuation of its own (its parent's
 * continuation runs the call again, which goes on from this turn's journal) and ends stopped
 * when the stop of its parent ended it.
 */
async function run(
  rt: AgentRuntime,
  turn: StartedTurn,
  ctx: AgentCallContext,
  observer: StepObserver | undefined,
  handOffs: number,
  { called = rt.name, sub }: { called?: string; sub?: Pick<SubTurnCall, 'stopHeard' | 'link'> } = {},
): Promise<AgentTurnResult> {
  // A sub-session lives as long as its parent's: its writes take the parent's TTL.
  const timing = sub ? { ...rt.timing, sessionTtlMs: sub.link.ttlMs } : rt.timing;
  const writer = new TurnWriter(rt.store, turn.record, timing, (before, after) => tellWaiting(rt, before, after));
  // The agent in charge and its journal: a hand-off changes them mid-turn.
  let inCharge: TurnInCharge = { rt, journal: new TurnJournal(writer, rt.toolMap, rt.state) };
  writer.startHeartbeat();
  const stop = listenForStop(rt, writer.session.id, writer.leaseId);
  const live = new LiveWriter({
    live: rt.store.live,
    sessionId: writer.session.id,
    ownerUid: writer.session.ownerUid,
    leaseId: writer.leaseId,
    clock: rt.timing.live,
  });
  // A sub-turn hears its parent's stop as its own: listened for before the signals are joined.
  const parentStop = sub ? honourParentStop(ctx.signal, sub.stopHeard, stop.honour) : undefined;
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, stop.signal]) : stop.signal;
  const task = { agent: called, sessionId: writer.session.id, leaseId: writer.leaseId, handOffs };
  const handOff = scheduleContinuation(sub ? undefined : rt.continuation, task, rt.timing.leaseMs);
  const parent: ParentTurn = {
    sessionId: writer.session.id,
    ownerUid: writer.session.ownerUid,
    agent: rt.name,
    ttlMs: timing.sessionTtlMs,
    onChunk: ctx.onChunk,
    stopHeard: () => stop.heard,
  };
  try {
    if (turn.stoppedBefore) stop.honour(turn.stoppedBefore);
    if (stop.signal.aborted) throw stop.signal.reason;
    const turnCtx = { ...ctx, signal, context: withParentTurn(ctx.context, parent) };
    const ended = await runHandingOff(inCharge, writer, turn, turnCtx, observer, live, (next) => {
      inCharge = next;
    });
    const { journal } = inCharge;
    const end = await runTurnEndHook(ended.rt.onTurnEnd, ended, journal, writer);
    await writeRelease(writer, (s) => finished(s, ended.rt, end.ended, ctx.requestId));
    journal.sendArtifacts(end.made);
    return ended.result;
  } catch (error) {
    return await endThrownTurn(rt, writer, inCharge.journal, { stop, live, handOff }, error, ctx.signal);
  } finally {
    parentStop?.();
    live.end();
    handOff.close();
    stop.close();
    writer.stopHeartbeat();
  }
}

/**
 * The server's continuation of a lapsed turn, under the agent in charge of its session: the task
 * names the agent whose turn took the lease, and a hand-off in that turn moved the session on.
 */
async function continueInCharge(rt: AgentRuntime, task: ContinuationTask, signal: AbortSignal | undefined) {
  let inCharge = rt;
  for (let hops = 0; ; hops++) {
    const agent = inCharge;
    // The server's continuation has no caller: a source gets an empty context.
    const refreshed = refreshAgentTools(agent, {});
    if (refreshed) await refreshed;
    try {
      return await continueTurn(agent, task, signal, (turn, ctx) =>
        traceCall(agent, task.sessionId, 'continuation', ctx, async (observer) => ({
          result: await run(agent, turn, ctx, observer, task.handOffs + 1, { called: task.agent }),
          replayed: false,
        })),
      );
    } catch (error) {
      const next = hops < MAX_REROUTES ? reroute(rt, error) : undefined;
      if (!next) throw error;
      inCharge = next;
    }
  }
}

/**
 * A resume of session `sessionId`: the owner's is answered as `send` would; an approver who is not
 * the owner is told which calls they answered. Messages queued behind its turn are answered next.
 */
async function answerAs(
  deps: QueueDeps,
  sessionId: string,
  resume: Resume,
  ctx: AgentCallContext,
): Promise<AgentTurnResult | ApprovalResult> {
  const { rt } = deps;
  let byApprover = false;
  const input = { resume };
  const onApprover = () => {
    byApprover = true;
  };
  const result = await traceCall(rt, sessionId, input, ctx, (observer) =>
    send(rt, sessionId, input, ctx, observer, onApprover),
  );
  // As after any turn of an agent that queues: messages queued behind it are answered next.
  if (rt.whileBusy === 'queue') void runQueuedAfter(deps, sessionId).catch(() => undefined);
  return byApprover ? approvalResult(sessionId, resume) : result;
}

/** How `agentTool` runs this agent as a sub-agent: its turn on a linked session, and the check of a parent's answers to it. */
function subTurnOf(rt: AgentRuntime): SubTurn {
  return {
    run: async (call) => {
      const result = await traceCall(rt, call.sessionId, call.input, subContext(call), (observer) =>
        sendSub(rt, call, observer),
      );
      if (result.status !== 'interrupted') return { result, approvers: {} };
      // Who may answer each question: the parent's inbox addresses it there (the sub-session has no inbox of its own).
      const stored = await rt.store.load(call.sessionId);
      return { result, approvers: stored ? waitingAddresses(stored.session.history) : {} };
    },
    leaseMs: rt.timing.leaseMs,
    admit: (sessionId, resume, answerer) => admitSubResume(rt, sessionId, resume, answerer),
  };
}

/**
 * Defines a stateful chat flow. Each `send` loads the session (cache, then store), checks its
 * owner and takes its lease in a write that also journals the user message (or the resume's
 * answers, built from the stored tool requests). The turn is then a journal: each model message
 * that asks for tools is stored before they run, each tool result as it finishes, so a failed
 * turn is stored with exactly what ran, and a retry goes on from there without running any
 * recorded call again. A call with a `requestId` seen before gets the first call's result. Each
 * call is one `invoke_agent` span and, when it runs, a trace in the agent's (and the call's) trace sinks;
 * secrets are never stored. A message that finds a turn running is refused, queued (answered after
 * it, in order, by `runQueued`) or stops it first, as `whileBusy` says (`send-while-busy.ts`).
 */
export function defineAgent<O extends z.ZodType = z.ZodType, W extends WhileBusy = 'reject'>(
  config: AgentConfig<O> & { whileBusy?: W },
): Agent<W> {
  const rt = resolveAgent(config);
  const turn: RunTurn = (sessionId, input, ctx) =>
    traceCall(rt, sessionId, input, ctx, (observer) => send(rt, sessionId, input, ctx, observer));
  const deps: QueueDeps = { rt, turn };
  if (rt.tools.some(isHandoffTool)) rt.routeTo = routesOf(rt);
  const subTurn = subTurnOf(rt);
  const agent: Agent<W> = {
    kind: 'agent',
    name: rt.name,
    whileBusy: rt.whileBusy as W,
    chargesUsage: rt.store.chargesUsage === true,
    send: async (sessionId, input, ctx) => {
      if (!ctx?.uid) throw new KitError('unauthenticated', 'an agent call needs the caller’s uid');
      assertSessionId(sessionId);
      return sendWhileBusy(deps, sessionId, input, ctx) as Promise<AgentSendResult<W>>;
    },
    warm: (sessionId, options) => warmSession(rt, sessionId, options),
    continue: async (task, signal) => {
      const outcome = await continueInCharge(rt, task, signal);
      // The task is the server's hand on the session: messages queued behind the dead turn (or
      // left when an instance died between its turn and its queue run) are answered here too.
      if (rt.whileBusy === 'queue' && outcome !== 'gave-up') await runQueuedAfter(deps, task.sessionId);
      return outcome;
    },
    answer: async (sessionId, resume, ctx) => {
      if (!ctx?.uid) throw new KitError('unauthenticated', 'an agent call needs the caller’s uid');
      assertSessionId(sessionId);
      return (await answerAs(deps, sessionId, resume, ctx)) as AgentSendResult<W> | ApprovalResult;
    },
    runQueued: (sessionId) => runQueuedAfter(deps, sessionId),
    idle: async () => {
      await queueRunsEnded(deps);
      await noticesEnded(rt);
    },
    stop: async (sessionId, ctx) => {
      if (!ctx?.uid) throw new KitError('unauthenticated', 'a stop needs the caller’s uid');
      assertSessionId(sessionId);
      // A stop's refusals name the session as a turn's errors do (never NOT_OWNER's).
      return stopTurn(rt, sessionId, ctx).catch((error: unknown) => {
        throw withSessionId(error, sessionId);
      });
    },
    withdraw: async (sessionId, requestId, ctx) => {
      if (!ctx?.uid) throw new KitError('unauthenticated', 'a withdraw needs the caller’s uid');
      assertSessionId(sessionId);
      return withdrawQueued(rt, sessionId, requestId, ctx).catch((error: unknown) => {
        throw withSessionId(error, sessionId);
      });
    },
  };
  registerRuntime(agent, rt);
  // Not enumerable, and not on the interface: only `agentTool` runs an agent as a sub-agent.
  Object.defineProperty(agent, SUB_TURN, { value: subTurn });
  return agent;
}
