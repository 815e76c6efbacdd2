import type { AnsweredBy, Resume } from '@callable-flows/protocol';
import { answeredByOf, asWaiting, isWaiting, openRoundOf, splitPathRef, subAgentOf } from '../../call-state/index.js';
import { KitError } from '../../errors/index.js';
import { lookupTool, type ResumeReply, repliesOfRequest } from '../../generate/index.js';
import { type Message, type ToolRequestPart, toolRequestsOf } from '../../model/index.js';
import type { Session } from '../../session/index.js';
import { type ApproverSessionView, approverCheckOf, type Tool } from '../../tools/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import { type SubAgentResumed, subAgentCallsOf, subResumeOf } from '../sub-agent/index.js';
import type { ClientTurnRequest } from '../turn/index.js';
import { notOwner } from './admit-call.js';
import { approvalSuperseded, supersededCallOf } from './superseded-call.js';

// The one gate of a resume's replies. Every answer to a waiting call — the owner's or an
// approver's, by a flat ref or by a path to a sub-agent's question, through the callable,
// `agent.send`, `agent.answer` or a parent agent's resume — passes here before anything is
// written, and is resolved to exactly one call of the open round and that call's tool, whose
// `approvers` decide. What comes out is what `applyResume` applies; nothing after this reads a
// ref as a path again. (A path ref is legal only under a waiting sub-agent call.)

/** How a client's call is admitted: as its session's owner's, or as an approver's (not the owner) answer. */
export type AnswererStanding = 'owner' | 'approver';

/** A resume's replies as the gate resolved them: who answers, and the replies `applyResume` takes. */
export interface GatedResume {
  standing: AnswererStanding;
  /** Flat replies as sent; a sub-agent's questions as one kit-made restart of their sub-agent call each. */
  replies: ResumeReply[];
  /** Who answers, as every call they answer is stamped. */
  answeredBy: AnsweredBy;
}

type ResumeRequest = Extract<ClientTurnRequest, { kind: 'resume' }>;

/**
 * The refusal of an answer its caller may not give. Its words and details say nothing of the
 * session: a caller who is not the owner learns no more from it than `NOT_OWNER` tells.
 */
export function notAllowed(): KitError {
  return new KitError('permission-denied', 'you may not answer this call', { reason: 'NOT_ALLOWED' });
}

function answeredDirectly(reply: ResumeReply): KitError {
  return new KitError(
    'invalid-argument',
    `'${reply.name}' (ref '${reply.ref}') runs a sub-agent: answer its questions by their refs ('${reply.ref}/…')`,
    { reason: 'ANSWER_NOT_ALLOWED', details: { name: reply.name, ref: reply.ref } },
  );
}

/** The call `ref` in `messages`, the last first, whatever its tool. */
function callWithRef(messages: readonly Message[], ref: string | undefined): ToolRequestPart | undefined {
  if (ref === undefined) return undefined;
  for (let i = messages.length - 1; i >= 0; i--) {
    const part = toolRequestsOf(messages[i] as Message).find((p) => p.toolRequest.ref === ref);
    if (part) return part;
  }
  return undefined;
}

/** Who answers `request`: the parent's stamp for a sub-agent's resume, else the caller. */
function answeredByOfRequest(request: ResumeRequest): AnsweredBy {
  if (request.answeredBy) return request.answeredBy;
  const { appId, name } = request.answerer ?? {};
  return {
    uid: request.uid,
    at: request.now,
    ...(appId === undefined ? {} : { appId }),
    ...(name === undefined ? {} : { name }),
  };
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

/** One reply resolved: to a call of the open round by its own ref, or to a sub-agent's question under one. */
type Target =
  | { kind: 'call'; part: ToolRequestPart; tool: Tool | undefined }
  | { kind: 'nested'; head: ToolRequestPart }
  | { kind: 'none' };

/**
 * The one call `reply` names in the open round `calls`: its own ref first (a ref is never read as a
 * path when a call has it), else a path whose head is a sub-agent call of that round.
 */
function targetOf(rt: AgentRuntime, calls: readonly ToolRequestPart[], reply: ResumeReply): Target {
  const own = calls.find((p) => p.toolRequest.ref === reply.ref);
  if (own) return { kind: 'call', part: own, tool: lookupTool(rt.toolMap, own.toolRequest.name) };
  const path = splitPathRef(reply.ref);
  const head = path && calls.find((p) => p.toolRequest.ref === path.head);
  if (head && subAgentCallsOf(lookupTool(rt.toolMap, head.toolRequest.name))) return { kind: 'nested', head };
  return { kind: 'none' };
}

/** The caller as a tool's approvers see them. */
function callerOf(request: ResumeRequest) {
  const appId = request.answerer?.appId;
  return { uid: request.uid, token: request.answerer?.token ?? {}, ...(appId === undefined ? {} : { appId }) };
}

/** True when `tool`'s approvers admit the caller of `request` for the waiting call `part`. */
async function approves(tool: Tool, part: ToolRequestPart, request: ResumeRequest, session: Session, owner: boolean) {
  const check = approverCheckOf(tool.config.approvers);
  if (!check) return owner;
  const { name, ref, input } = part.toolRequest;
  const auth = { uid: request.uid, token: request.answerer?.token ?? {} };
  const call = { name, ref: ref as string, input, metadata: askedMetadata(part) };
  return (await check({ auth, session: viewOf(session), call })) === true;
}

/**
 * Refuses `reply` when it answers a call a fork left waiting on another branch
 * (`APPROVAL_SUPERSEDED`): to the owner, or to an approver its tool admits for that call (whose
 * inbox document said as much); anyone else goes on to `NOT_ALLOWED`.
 */
async function refuseSuperseded(
  rt: AgentRuntime,
  session: Session,
  request: ResumeRequest,
  reply: ResumeReply,
  owner: boolean,
): Promise<void> {
  const path = splitPathRef(reply.ref);
  const left = supersededCallOf(session, path?.head ?? reply.ref);
  if (!left) return;
  const tool = lookupTool(rt.toolMap, left.part.toolRequest.name);
  const told = owner || (!path && tool !== undefined && (await approves(tool, left.part, request, session, false)));
  if (told) throw approvalSuperseded(reply.ref ?? '', left);
}

/**
 * True when a call that no longer waits may be named by the caller: the owner always (admission
 * then says `ALREADY_ANSWERED`, `UNKNOWN_REF`, or replays a repeated answer); anyone else only for
 * a call they answered themselves (their retry).
 */
function mayRepeat(part: ToolRequestPart | undefined, request: ResumeRequest, owner: boolean): boolean {
  return owner || (part !== undefined && answeredByOf(part)?.uid === request.uid);
}

/**
 * Resolves and admits every reply of the resume `request` on the stored `session`, before anything
 * is written: each to exactly one call of the open round and that call's tool, whose `approvers`
 * decide (`'owner'`: the owner alone; a check: whom it returns true for, the owner included). A
 * path ref (`<ref>/<subRef>`) is legal only under a sub-agent call: its answers are checked against
 * the sub-session by the same gate (`SubAgentCalls.admit`) and carried, kinds unchanged, as that
 * call's restart. A caller who is not the owner hears one refusal for all they may not answer
 * (`NOT_ALLOWED`); the owner hears admission's own words (`UNKNOWN_REF`, `ALREADY_ANSWERED`, …).
 * A sub-agent's resume through its parent's (`answeredBy` set) was admitted by this gate on this
 * session when the parent's resume was (its approvers decided there): it is resolved, not re-decided.
 */
export async function gateResume(rt: AgentRuntime, session: Session, request: ResumeRequest): Promise<GatedResume> {
  const answeredBy = answeredByOfRequest(request);
  const owner = session.ownerUid === request.uid;
  const byParent = request.answeredBy !== undefined;
  // Through `send`, a session is its owner's alone: NOT_OWNER, as it always was.
  if (!owner && request.answerer?.approvers !== true) throw notOwner(session.id);
  if (!owner && session.agent !== rt.name) throw notAllowed();
  const calls = toolRequestsOf(openRoundOf(session.history));
  const flat: ResumeReply[] = [];
  const nested = new Map<string, ToolRequestPart>();
  for (const reply of repliesOfRequest(request.resume)) {
    const target = targetOf(rt, calls, reply);
    if (target.kind === 'nested') {
      nested.set(target.head.toolRequest.ref as string, target.head);
      continue;
    }
    if (target.kind === 'none') {
      // No call of the open round: it goes on flat, to be refused by its own ref (applyResume
      // matches refs exactly), or replayed for the one who gave that answer (by a path: its head's).
      const path = splitPathRef(reply.ref);
      await refuseSuperseded(rt, session, request, reply, owner);
      const named = callWithRef(session.history, reply.ref) ?? callWithRef(session.history, path?.head);
      if (!mayRepeat(named, request, owner)) throw notAllowed();
    } else if (!isWaiting(target.part) || !target.tool || target.part.toolRequest.name !== reply.name) {
      if (!mayRepeat(target.part, request, owner)) throw notAllowed();
    } else {
      if (!byParent && !(await approves(target.tool, target.part, request, session, owner))) throw notAllowed();
      if (subAgentCallsOf(target.tool)) throw answeredDirectly(reply);
    }
    flat.push(reply);
  }
  const restarts: ResumeReply[] = [];
  for (const [ref, head] of nested) {
    const subResume = subResumeOf(request.resume, ref) as Resume;
    // The sub-session the call stored when it waited (kept as `resolvedInterrupt` once answered).
    const sessionId = (subAgentOf(head) ?? subAgentOf(asWaiting(head)))?.sessionId;
    if (!isWaiting(head)) {
      if (!mayRepeat(head, request, owner)) throw notAllowed();
    } else if (!byParent) {
      const calls = subAgentCallsOf(lookupTool(rt.toolMap, head.toolRequest.name));
      if (sessionId === undefined || !(await calls?.admit(sessionId, ref, subResume, callerOf(request)))) {
        throw notAllowed();
      }
    }
    const resumed = {
      subResume,
      answeredBy,
      ...(sessionId === undefined ? {} : { sessionId }),
    } satisfies SubAgentResumed;
    const name = head.toolRequest.name;
    const restart: ResumeReply = { kind: 'restart', field: 'resume', name, ref, replaceInput: undefined, resumed };
    restarts.push(restart);
  }
  return { standing: owner ? 'owner' : 'approver', replies: [...flat, ...restarts], answeredBy };
}
