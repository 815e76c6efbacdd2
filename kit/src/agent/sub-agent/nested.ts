import type { AnsweredBy, Resume } from '@callable-flows/protocol';
import { splitPathRef } from '../../call-state/index.js';
import type { Tool } from '../../tools/index.js';

/** What a parent's resume hands the sub-agent call it restarts (its `ctx.resumed`). */
export interface SubAgentResumed {
  /** The answers to the sub-agent's interrupts, by the sub-agent's own refs. */
  subResume: Resume;
  /** Who answered (the parent's stamp): the sub-agent's calls are stamped with them too. */
  answeredBy?: AnsweredBy;
  /** The sub-session the waiting call stored (absent in a resume admitted before the kit handed it on). */
  sessionId?: string;
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
   * Checks the answers `resume` (by the sub-agent's own refs) against the sub-session
   * `sessionId` (the one the waiting call `ref` stored), as that session's own admission would
   * (`APPROVAL_STALE`, `TOOL_CHANGED`, `UNKNOWN_REF`, `ALREADY_ANSWERED`, …, each naming the
   * path ref): false when the sub-agent tool's `approvers` don't admit `answerer`.
   */
  admit(sessionId: string, ref: string, resume: Resume, answerer: NestedAnswerer): Promise<boolean>;
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
