import { answeredByOf, isWaiting, openRoundOf, splitPathRef } from '../../call-state/index.js';
import { KitError } from '../../errors/index.js';
import { lookupTool, repliesOfRequest } from '../../generate/index.js';
import { type Message, type ToolRequestPart, toolRequestsOf } from '../../model/index.js';
import type { Session } from '../../session/index.js';
import { type ApproverCheck, type ApproverSessionView, approverCheckOf } from '../../tools/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import { nestedHeadsOf, subAgentCallsOf, subResumeOf } from '../sub-agent/index.js';
import type { ClientTurnRequest } from '../turn/index.js';

/** How a client's call is admitted: as its session's owner's, or as an approver's (not the owner) answer. */
export type AnswererStanding = 'owner' | 'approver';

/**
 * The refusal of an answer its caller may not give. Its words and details say nothing of the
 * session: a caller who is not the owner learns no more from it than `NOT_OWNER` tells.
 */
export function notAllowed(): KitError {
  return new KitError('permission-denied', 'you may not answer this call', { reason: 'NOT_ALLOWED' });
}

/** The call `ref` (of tool `name`) in `messages`, the last first. */
function findCall(messages: readonly Message[], ref: string, name: string): ToolRequestPart | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const part = toolRequestsOf(messages[i] as Message).find((p) => p.toolRequest.ref === ref);
    if (part) return part.toolRequest.name === name ? part : undefined;
  }
  return undefined;
}

/** The call `ref` in `messages`, the last first, whatever its tool. */
function callWithRef(messages: readonly Message[], ref: string): ToolRequestPart | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const part = toolRequestsOf(messages[i] as Message).find((p) => p.toolRequest.ref === ref);
    if (part) return part;
  }
  return undefined;
}

const viewOf = (session: Session): ApproverSessionView => ({
  id: session.id,
  ownerUid: session.ownerUid,
  agent: session.agent,
  state: session.state,
});

/** What the call's interrupt asked, as the tool gave it (`ctx.interrupt(metadata)`). */
function askedMetadata(part: ToolRequestPart): Record<string, unknown> | undefined {
  const asked = part.metadata?.interrupt;
  return typeof asked === 'object' && asked !== null ? (asked as Record<string, unknown>) : undefined;
}

async function admits(check: ApproverCheck, request: ClientTurnRequest, session: Session, part: ToolRequestPart) {
  const { name, ref, input } = part.toolRequest;
  const auth = { uid: request.uid, token: request.kind === 'resume' ? (request.answerer?.token ?? {}) : {} };
  const call = { name, ref: ref as string, input, metadata: askedMetadata(part) };
  return (await check({ auth, session: viewOf(session), call })) === true;
}

/**
 * Admits the answers of `request` to the questions of the waiting sub-agent call `head` against
 * its sub-session, as that session's admission would (each refusal naming the path ref): true or
 * false as the sub-agent's tools' `approvers` say; undefined when `head` is no waiting sub-agent
 * call (the owner's resume is then refused by admission's own words, as any unknown ref is).
 */
async function admitNested(
  rt: AgentRuntime,
  session: Session,
  request: ClientTurnRequest & { kind: 'resume' },
  waiting: readonly ToolRequestPart[],
  head: string,
): Promise<boolean | undefined> {
  const part = waiting.find((p) => p.toolRequest.ref === head);
  const calls = part ? subAgentCallsOf(lookupTool(rt.toolMap, part.toolRequest.name)) : undefined;
  const resume = subResumeOf(request.resume, head);
  if (!calls || !resume) return undefined;
  const appId = request.answerer?.appId;
  const answerer = {
    uid: request.uid,
    token: request.answerer?.token ?? {},
    ...(appId === undefined ? {} : { appId }),
  };
  return calls.admit(session.id, head, resume, answerer);
}

/**
 * Decides who answers the resume `request` on the stored `session`, before anything is written.
 * Each reply must name a call whose tool's `approvers` admit the caller: `'owner'` the owner
 * alone; a check whom it returns true for, the owner included. A caller who is not the owner
 * must name only waiting calls (or calls they answered themselves: their retry), of this agent's
 * tools; every refusal of theirs is the same `NOT_ALLOWED`, whether the call exists, waits or
 * not. For the owner, a reply that names no waiting call is left to admission's own words
 * (`UNKNOWN_REF`, `ALREADY_ANSWERED`, or a retry when it repeats the answer the call has, whoever
 * gave it). A message, and a resume through `send`, are the owner's.
 */
export async function admitAnswerer(
  rt: AgentRuntime,
  session: Session,
  request: ClientTurnRequest,
): Promise<AnswererStanding> {
  if (request.kind !== 'resume') return 'owner';
  const owner = session.ownerUid === request.uid;
  // Through `send`, a session is its owner's alone: admission says NOT_OWNER as it always has.
  if (!owner && !request.answerer?.approvers) return 'owner';
  if (!owner && session.agent !== rt.name) throw notAllowed();
  const round = openRoundOf(session.history);
  const waiting = round ? toolRequestsOf(round).filter(isWaiting) : [];
  // Answers to a sub-agent's questions (by path) are admitted by the sub-agent's tools, on its session.
  for (const head of nestedHeadsOf(request.resume)) {
    const allowed = await admitNested(rt, session, request, waiting, head);
    if (allowed === false) throw notAllowed();
    // Not waiting: as for any call, only its own answerer's retry goes on (admission replays or refuses it).
    if (allowed === undefined && !owner && answeredByOf(callWithRef(session.history, head) ?? {})?.uid !== request.uid)
      throw notAllowed();
  }
  for (const reply of repliesOfRequest(request.resume)) {
    if (splitPathRef(reply.ref)) continue;
    const part = reply.ref === undefined ? undefined : waiting.find((p) => p.toolRequest.ref === reply.ref);
    const tool = part && part.toolRequest.name === reply.name ? lookupTool(rt.toolMap, reply.name) : undefined;
    if (!part || !tool) {
      if (owner) continue;
      // Not waiting: only its own answerer's retry of that answer goes on (admission replays or refuses it).
      const answered = reply.ref === undefined ? undefined : findCall(session.history, reply.ref, reply.name);
      if (answered && answeredByOf(answered)?.uid === request.uid) continue;
      throw notAllowed();
    }
    const check = approverCheckOf(tool.config.approvers);
    const allowed = check ? await admits(check, request, session, part) : owner;
    if (!allowed) throw notAllowed();
  }
  return owner ? 'owner' : 'approver';
}
