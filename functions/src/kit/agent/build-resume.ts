import { asWaiting, isWaiting } from '../call-state/index.js';
import { KitError } from '../errors/index.js';
import { lookupTool, type ResumeOptions } from '../generate/index.js';
import { type Message, type ToolRequestPart, toolRequestsOf } from '../model/index.js';
import type { Tool } from '../tools/index.js';
import type { DeclineReply, RespondReply, RestartReply, ResumeInput } from './agent.js';

type Reply = RespondReply | RestartReply | DeclineReply;

/** True when `history` holds a call with `ref` (in a closed round, it has had its answer). */
function wasAsked(history: readonly Message[], ref: string): boolean {
  return history.some((m) => toolRequestsOf(m).some((p) => p.toolRequest.ref === ref));
}

/** The refusal of a second answer to the call `ref`. */
function alreadyAnswered(ref: string): KitError {
  return new KitError('failed-precondition', `the call with ref '${ref}' was already answered; an answer is final`, {
    reason: 'ALREADY_ANSWERED',
    details: { ref },
  });
}

/**
 * The refusal of a resume on a history with no open round: `ALREADY_ANSWERED` when it names a
 * call the history holds, `NOTHING_TO_RESUME` otherwise.
 */
export function nothingToResume(history: readonly Message[], sessionId: string, resume: ResumeInput): KitError {
  const replies = [...(resume.respond ?? []), ...(resume.restart ?? []), ...(resume.decline ?? [])];
  const answered = replies.find((reply) => wasAsked(history, reply.ref));
  if (answered) return alreadyAnswered(answered.ref);
  return new KitError('failed-precondition', `nothing to resume: session '${sessionId}' is not waiting for an answer`, {
    reason: 'NOTHING_TO_RESUME',
  });
}

/** Where a call a reply names is: in the open round, or answered in an earlier one. */
function storedCall(
  open: ReadonlyMap<string, ToolRequestPart>,
  history: readonly Message[],
  reply: Reply,
): ToolRequestPart {
  const stored = open.get(reply.ref);
  if (stored) {
    if (reply.name !== stored.toolRequest.name) {
      throw new KitError(
        'invalid-argument',
        `the interrupt with ref '${reply.ref}' is of tool '${stored.toolRequest.name}', not '${reply.name}'`,
        { reason: 'UNKNOWN_REF', details: { ref: reply.ref, name: reply.name } },
      );
    }
    return stored;
  }
  if (wasAsked(history, reply.ref)) throw alreadyAnswered(reply.ref);
  throw new KitError('invalid-argument', `no pending interrupt with ref '${reply.ref}'`, {
    reason: 'UNKNOWN_REF',
    details: { ref: reply.ref, name: reply.name },
  });
}

function toolFor(tools: ReadonlyMap<string, Tool>, part: ToolRequestPart): Tool {
  const tool = lookupTool(tools, part.toolRequest.name);
  if (!tool) {
    throw new KitError('invalid-argument', `tool '${part.toolRequest.name}' is no longer available to this agent`, {
      reason: 'UNKNOWN_REF',
      details: { ref: part.toolRequest.ref, name: part.toolRequest.name },
    });
  }
  return tool;
}

/** A client may answer a call with an output of its own only where the tool allows it. */
function assertAnswerable(tool: Tool, reply: RespondReply): void {
  const answerable = tool.config.answerable ?? tool.config.sideEffects !== 'idempotent';
  if (answerable) return;
  throw new KitError(
    'invalid-argument',
    `'${reply.name}' acts on the world: approve it (restart) or decline it; a client can't supply its result`,
    { reason: 'ANSWER_NOT_ALLOWED', details: { ref: reply.ref, name: reply.name } },
  );
}

/**
 * The resume of a client's replies, built from the STORED tool requests of the open round
 * (`history`'s last message): a client names calls by ref (and name); inputs come from the
 * session, never from the client. Outputs and replacement inputs are checked against the
 * tool's schemas here, before anything is written. A reply to a call already answered is
 * built too, so the journal can tell a retry (the same answer) from a change of mind.
 */
export function buildResume(
  history: readonly Message[],
  resume: ResumeInput,
  tools: ReadonlyMap<string, Tool>,
): ResumeOptions {
  const last = history.at(-1);
  const openRound = last?.role === 'model' ? toolRequestsOf(last) : [];
  const open = new Map(openRound.map((p) => [p.toolRequest.ref ?? '', p]));
  const asked = (reply: Reply): ToolRequestPart => {
    const stored = storedCall(open, history, reply);
    return isWaiting(stored) ? stored : asWaiting(stored);
  };
  const respond = (resume.respond ?? []).map((reply) => {
    const stored = asked(reply);
    const tool = toolFor(tools, stored);
    assertAnswerable(tool, reply);
    return tool.respond(stored, reply.output);
  });
  const restart = (resume.restart ?? []).map((reply) => {
    const stored = asked(reply);
    const options = reply.replaceInput === undefined ? {} : { replaceInput: reply.replaceInput };
    return toolFor(tools, stored).restart(stored, reply.metadata, options);
  });
  const decline = (resume.decline ?? []).map((reply): DeclineReply => {
    toolFor(tools, asked(reply));
    return reply.reason
      ? { name: reply.name, ref: reply.ref, reason: reply.reason }
      : { name: reply.name, ref: reply.ref };
  });
  if (!respond.length && !restart.length && !decline.length) {
    throw new KitError('invalid-argument', 'a resume must answer, approve or decline at least one interrupt', {
      reason: 'INVALID_FIELD',
      details: { field: 'resume' },
    });
  }
  return { respond, restart, decline };
}
