import { AnsweredBySchema, ResumeSchema } from '@callable-flows/protocol';
import { z } from 'zod';
import { pathRef, type SubAgentInterrupt } from '../call-state/index.js';
import { isKitError, KitError } from '../errors/index.js';
import { toolErrorResponse } from '../generate/index.js';
import type { Part } from '../model/index.js';
import { defineTool, type MultipartToolOutput, type Tool, type ToolContext } from '../tools/index.js';
import type { Agent } from './agent.js';
import { requestDigest } from './call-records/index.js';
import type { WhileBusy } from './runtime/index.js';
import {
  type ParentTurn,
  parentTurnOf,
  SUB_AGENT_CALLS,
  SUB_TURN,
  type SubAgentCalls,
  type SubAgentResumed,
  type SubTurn,
  type SubTurnCall,
  type SubTurnResult,
  subRequestId,
  subSessionId,
  tagChunk,
} from './sub-agent/index.js';
import type { AgentInput, AgentTurnResult } from './turn/index.js';

/** How a parent's round calls another agent (`agentTool`). */
export interface AgentToolOptions<I extends z.ZodType> {
  /** The name the parent's model calls. */
  name: string;
  /** What the sub-agent does, in words the parent's model reads. */
  description: string;
  /** What the parent's model gives the sub-agent (checked before it runs). */
  input: I;
  /** The sub-agent's user message made from the input (default: the input as JSON, a string as it is). */
  message?: (input: z.infer<I>) => string | Part[];
}

const defaultMessage = (input: unknown): string => (typeof input === 'string' ? input : JSON.stringify(input));

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

const isBusy = (error: unknown): error is KitError => isKitError(error) && error.reason === 'SESSION_BUSY';

/**
 * Runs `call`, waiting while an earlier run of the same call (its instance died) still holds
 * the sub-session's lease: a dead instance's lease lapses within the sub-agent's `leaseMs`, and
 * the call then goes on from its journal. Past that bound the `SESSION_BUSY` ends the parent's
 * turn (never a tool error told to the model): its retry, or the server's continuation, runs
 * the call again.
 */
async function runWaiting(sub: SubTurn, call: SubTurnCall): Promise<SubTurnResult> {
  let waited = 0;
  for (;;) {
    try {
      return await sub.run(call);
    } catch (error) {
      if (!isBusy(error) || call.signal.aborted) throw error;
      const after = Number((error.details as { retryAfterMs?: unknown } | undefined)?.retryAfterMs) || 100;
      const wait = Math.max(10, Math.min(after, sub.leaseMs));
      if (waited + wait > sub.leaseMs + 1_000) throw error;
      waited += wait;
      await sleep(wait, call.signal);
      if (call.signal.aborted) throw error;
    }
  }
}

/** The sub-agent's answer as the tool's output: its structured output when it has one, else its text. */
const outputOf = (result: AgentTurnResult): unknown => (result.output !== undefined ? result.output : result.text);

/**
 * The sub-agent's failure as the parent's model is told it (in the words any failed call is):
 * what ran is in the sub-session's journal, and the parent never runs this call again.
 */
function toldFailure(name: string, ref: string, error: unknown): MultipartToolOutput<unknown> {
  const told = toolErrorResponse({ name, ref, input: undefined }, error);
  return { output: told.toolResponse.output, ...(told.metadata ? { metadata: told.metadata } : {}) };
}

/** What a parent's resume may hand the call it restarts (the kit's own, made from answers by path refs). */
const SubAgentResumedSchema = z.strictObject({
  subResume: ResumeSchema,
  answeredBy: z.optional(AnsweredBySchema),
  sessionId: z.optional(z.string()),
});

function asSubResumed(resumed: ToolContext['resumed']): SubAgentResumed | undefined {
  const parsed = SubAgentResumedSchema.safeParse(resumed);
  if (!parsed.success) return undefined;
  const { subResume, answeredBy, sessionId } = parsed.data;
  return {
    subResume,
    ...(answeredBy ? { answeredBy } : {}),
    ...(sessionId === undefined ? {} : { sessionId }),
  };
}

/** `error` with the ref its details name made the path under the parent's call `ref`. */
function underPath(error: unknown, ref: string): unknown {
  if (!isKitError(error)) return error;
  const details = error.details as { ref?: unknown } | undefined;
  if (typeof details?.ref !== 'string') return error;
  const path = pathRef(ref, details.ref);
  const message = error.message.replaceAll(`'${details.ref}'`, `'${path}'`);
  return new KitError(error.code, message, {
    ...(error.reason === undefined ? {} : { reason: error.reason }),
    details: { ...details, ref: path },
    cause: error,
  });
}

/** How the parent's admission checks answers to this sub-agent's questions: on its session, by its rules. */
function subAgentCalls(sub: SubTurn): SubAgentCalls {
  return {
    admit: (sessionId, ref, resume, answerer) =>
      sub.admit(sessionId, resume, answerer).catch((error: unknown) => {
        throw underPath(error, ref);
      }),
  };
}

/** One call of an agent tool: the sub-agent's turn (or its resume), its questions asked as the call's interrupt. */
async function subAgentCall<I extends z.ZodType>(
  sub: SubTurn,
  agentName: string,
  options: AgentToolOptions<I>,
  input: z.infer<I>,
  ctx: ToolContext,
): Promise<MultipartToolOutput<unknown>> {
  const { name } = options;
  const parent = parentTurnOf(ctx.context);
  if (!parent) {
    throw new KitError('failed-precondition', `tool '${name}' runs a sub-agent: it runs only in an agent's turn`);
  }
  const resumed = asSubResumed(ctx.resumed);
  const call = subCall(parent, ctx, agentName, resumed, () => (options.message ?? defaultMessage)(input));
  let ran: SubTurnResult;
  try {
    ran = await runWaiting(sub, call);
  } catch (error) {
    if (ctx.signal.aborted || isBusy(error)) throw error;
    return toldFailure(name, ctx.ref, error);
  }
  const { result, approvers } = ran;
  if (result.status === 'interrupted') {
    const asked: SubAgentInterrupt = {
      subAgent: {
        agent: agentName,
        sessionId: call.sessionId,
        interrupts: result.interrupts,
        ...(Object.keys(approvers).length ? { approvers } : {}),
      },
    };
    ctx.interrupt(asked as unknown as Record<string, unknown>);
  }
  return { output: outputOf(result) };
}

/**
 * A tool that runs `agent` as a sub-agent for one call of the parent's round. The sub-agent has
 * its own session, linked to the parent's (`parent: { sessionId, ref, agent }`), owned by the
 * parent's owner and expiring with it; its id, and the request id of each run, are derived from
 * the parent's session and the kit's id of the call (and what is asked), so a retry, a
 * continuation or a resume of the parent finds the sub-session and never runs its recorded calls
 * again, while a call of a later turn or of another branch (even with the model's same ref) gets
 * a sub-session of its own. Its chunks
 * stream through the parent's stream tagged with its name, its refs as paths (`<ref>/<subRef>`);
 * a stop of the parent stops it. The sub-agent schedules no continuation of its own: the
 * parent's continuation runs the call again, which goes on from the sub-session's journal. Its
 * interrupts are the parent call's: the call waits, its metadata carrying them.
 */
export function agentTool<I extends z.ZodType>(
  agent: Agent<WhileBusy>,
  options: AgentToolOptions<I>,
): Tool<I, z.ZodType> {
  const sub = (agent as Agent<WhileBusy> & { [SUB_TURN]?: SubTurn })[SUB_TURN];
  if (!sub) {
    throw new KitError('invalid-argument', `agentTool '${options.name}': the agent must be one defineAgent made`);
  }
  const { name } = options;
  const tool = defineTool(
    {
      name,
      description: options.description,
      inputSchema: options.input,
      multipart: true,
      // The sub-session's journal keeps the call exactly once; its result is journaled as it finishes.
      sideEffects: 'idempotent',
      // A client may not supply what another agent answered.
      answerable: false,
      // The sub-agent's turn has its own limits; the parent's signal still ends it.
      timeoutMs: Number.POSITIVE_INFINITY,
      // Only what ends the parent's turn is thrown; a sub-agent's own failure is told to the model.
      onError: 'throw',
      // Answers to the sub-agent's questions, handed on by the parent's admission (a client's own is refused there).
      resumedMetadata: SubAgentResumedSchema,
      metadata: { subAgent: agent.name },
    },
    (input, ctx) => subAgentCall(sub, agent.name, options, input as z.infer<I>, ctx),
  );
  Object.defineProperty(tool, SUB_AGENT_CALLS, { value: subAgentCalls(sub) });
  return tool;
}

/**
 * The sub-session of this run of the parent's call, and the key its request ids are derived
 * from: a first run's (a retry's, a continuation's) from the kit's id of the call; a resumed
 * run's is the one the waiting call stored (its interrupt's `subAgent.sessionId`, handed on by
 * the parent's admission). A resume admitted before the kit handed that on was keyed on the ref.
 */
function subSessionOf(
  parentSessionId: string,
  ctx: ToolContext,
  resumed: SubAgentResumed | undefined,
): { sessionId: string; key: string } {
  if (!resumed) {
    const sessionId = subSessionId(parentSessionId, ctx.callId);
    return { sessionId, key: sessionId };
  }
  if (resumed.sessionId !== undefined) return { sessionId: resumed.sessionId, key: resumed.sessionId };
  return { sessionId: subSessionId(parentSessionId, ctx.ref), key: ctx.ref };
}

/** The sub-agent call of this run of the parent's call `ctx.ref`: a new message, or the answers a resume brought. */
function subCall(
  parent: ParentTurn,
  ctx: ToolContext,
  agent: string,
  resumed: SubAgentResumed | undefined,
  message: () => string | Part[],
): SubTurnCall {
  const { sessionId, key } = subSessionOf(parent.sessionId, ctx, resumed);
  let input: AgentInput;
  let asked: string;
  if (resumed) {
    input = { resume: resumed.subResume };
    asked = requestDigest(undefined, resumed.subResume);
  } else {
    const text = message();
    input = { message: text };
    asked = requestDigest({ role: 'user', content: typeof text === 'string' ? [{ text }] : text }, undefined);
  }
  const call: SubTurnCall = {
    sessionId,
    input,
    requestId: subRequestId(parent.sessionId, key, asked),
    link: { parent: { sessionId: parent.sessionId, ref: ctx.ref, agent: parent.agent }, ttlMs: parent.ttlMs },
    ownerUid: parent.ownerUid,
    context: ctx.context,
    signal: ctx.signal,
    stopHeard: parent.stopHeard,
  };
  if (resumed?.answeredBy) call.answeredBy = resumed.answeredBy;
  const onChunk = parent.onChunk;
  if (onChunk) call.onChunk = (chunk) => onChunk(tagChunk(chunk, agent, ctx.ref));
  return call;
}
