import type { AnsweredBy, Resume } from '@callable-flows/protocol';
import { splitPathRef } from '../../call-state/index.js';
import { KitError } from '../../errors/index.js';
import { lookupTool, type ResumeReply } from '../../generate/index.js';
import { type Message, toolRequestsOf } from '../../model/index.js';
import type { Tool } from '../../tools/index.js';

/** What a parent's resume hands the sub-agent call it restarts (its `ctx.resumed`). */
export interface SubAgentResumed {
  /** The answers to the sub-agent's interrupts, by the sub-agent's own refs. */
  subResume: Resume;
  /** Who answered (the parent's stamp): the sub-agent's calls are stamped with them too. */
  answeredBy?: AnsweredBy;
}

/** Who answers a sub-agent's interrupts through the parent's resume. */
export interface NestedAnswerer {
  uid: string;
  token: Record<string, unknown>;
  appId?: string;
}

/** What the parent's admission asks of a sub-agent tool (`agentTool`) before anything is written. */
export interface SubAgentCalls {
  /**
   * Checks the answers `resume` (by the sub-agent's own refs) against the sub-session of the
   * call `ref` of session `parentSessionId`, as that session's own admission would
   * (`APPROVAL_STALE`, `TOOL_CHANGED`, `UNKNOWN_REF`, `ALREADY_ANSWERED`, …, each naming the
   * path ref): false when the sub-agent tool's `approvers` don't admit `answerer`.
   */
  admit(parentSessionId: string, ref: string, resume: Resume, answerer: NestedAnswerer): Promise<boolean>;
}

/** The key of a sub-agent tool's {@link SubAgentCalls}. */
export const SUB_AGENT_CALLS: unique symbol = Symbol('callable-flows.tool.subAgentCalls');

/** The sub-agent calls of `tool`, when `agentTool` made it. */
export function subAgentCallsOf(tool: Tool | undefined): SubAgentCalls | undefined {
  return (tool as (Tool & { [SUB_AGENT_CALLS]?: SubAgentCalls }) | undefined)?.[SUB_AGENT_CALLS];
}

/** The answers of `resume` to the sub-agent call `head`'s interrupts, by the sub-agent's own refs. */
export function subResumeOf(resume: Resume, head: string): Resume | undefined {
  const under = <T extends { ref: string }>(list: T[] | undefined): T[] =>
    (list ?? []).flatMap((reply) => {
      const path = splitPathRef(reply.ref);
      return path?.head === head ? [{ ...reply, ref: path.rest }] : [];
    });
  const respond = under(resume.respond);
  const restart = under(resume.restart);
  const decline = under(resume.decline);
  if (!respond.length && !restart.length && !decline.length) return undefined;
  return {
    ...(respond.length ? { respond } : {}),
    ...(restart.length ? { restart } : {}),
    ...(decline.length ? { decline } : {}),
  };
}

/** The sub-agent calls `resume` answers by path, each once (first seen first). */
export function nestedHeadsOf(resume: Resume): string[] {
  const heads = new Set<string>();
  for (const reply of [...(resume.respond ?? []), ...(resume.restart ?? []), ...(resume.decline ?? [])]) {
    const path = splitPathRef(reply.ref);
    if (path) heads.add(path.head);
  }
  return [...heads];
}

function answeredDirectly(reply: ResumeReply): KitError {
  return new KitError(
    'invalid-argument',
    `'${reply.name}' (ref '${reply.ref}') runs a sub-agent: answer its questions by their refs ('${reply.ref}/…')`,
    { reason: 'ANSWER_NOT_ALLOWED', details: { name: reply.name, ref: reply.ref } },
  );
}

/**
 * The replies of a parent's resume as its open round `round` takes them: a reply by path
 * becomes the restart of its sub-agent call, carrying the sub-agent's answers and who gave them
 * (one per call, however many of its interrupts it answers); a plain reply stays as it is. A
 * plain reply that names a sub-agent call itself is refused (`ANSWER_NOT_ALLOWED`): only the
 * sub-agent's own questions are answered. Nothing is written.
 */
export function nestReplies(
  replies: ResumeReply[],
  resume: Resume,
  round: Message,
  tools: ReadonlyMap<string, Tool>,
  answeredBy: AnsweredBy,
): ResumeReply[] {
  const calls = toolRequestsOf(round);
  const nameOf = (ref: string) => calls.find((p) => p.toolRequest.ref === ref)?.toolRequest.name;
  const own = replies.filter((reply) => {
    if (splitPathRef(reply.ref)) return false;
    const name = reply.ref === undefined ? undefined : nameOf(reply.ref);
    if (name === reply.name && subAgentCallsOf(lookupTool(tools, reply.name))) throw answeredDirectly(reply);
    return true;
  });
  const nested = nestedHeadsOf(resume).flatMap((head): ResumeReply[] => {
    const name = nameOf(head);
    // No such call in the round: the replies stay as sent, for admission to refuse by their own refs.
    if (name === undefined) return replies.filter((reply) => splitPathRef(reply.ref)?.head === head);
    const subResume = subResumeOf(resume, head) as Resume;
    const resumed: SubAgentResumed = { subResume, answeredBy };
    const restart: ResumeReply = {
      kind: 'restart',
      field: 'resume',
      name,
      ref: head,
      replaceInput: undefined,
      resumed: resumed as unknown as Record<string, unknown>,
    };
    return [restart];
  });
  return [...own, ...nested];
}
