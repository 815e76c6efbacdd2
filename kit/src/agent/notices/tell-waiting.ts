import { nestedInterruptsOf } from '../../call-state/index.js';
import { notifyWaiting } from '../../notify/index.js';
import { redactSecrets } from '../../redact/index.js';
import { pendingOf } from '../../session/pending-of.js';
import type { Session } from '../../session/session-schema.js';
import type { AgentRuntime } from '../runtime/index.js';

/**
 * The refs of the questions `session` waits on, as its inbox has them: a sub-agent call's are its
 * sub-agent's, by path ref; a sub-session has none (its questions are its parent's).
 */
function waitingRefs(session: Session): string[] {
  if (session.parent) return [];
  return pendingOf(session.history).interrupts.flatMap((part) => {
    const nested = nestedInterruptsOf(part);
    if (nested) return nested.map((question) => question.ref);
    return part.toolRequest.ref === undefined ? [] : [part.toolRequest.ref];
  });
}

/** The refs of the questions `after` waits on that `before` did not: what one write made wait. */
export function newlyWaiting(before: Session, after: Session): string[] {
  const waited = new Set(waitingRefs(before));
  return waitingRefs(after).filter((ref) => !waited.has(ref));
}

/**
 * After a committed write of a turn, starts telling the agent's `onApprovalWaiting` of each call
 * that write made wait, without waiting for it: the turn's caller is not delayed by a push. The
 * notice's claim keeps a retry or another instance from telling it twice; one that fails here
 * (or an instance that is throttled or dies after its response) is left to the cleanup's sweep.
 * `idle()` waits for these.
 */
export function tellWaiting(rt: AgentRuntime, before: Session, after: Session): void {
  const notices = rt.notices;
  if (!notices) return;
  for (const ref of newlyWaiting(before, after)) {
    const call = { sessionId: after.id, ref };
    const told = notifyWaiting(notices.inbox, call, notices.hook, rt.timing.clock, notices.claimMs).then(
      () => undefined,
      (error: unknown) => {
        const reason = redactSecrets(error instanceof Error ? error.message : String(error)).slice(0, 300);
        console.warn(
          `[callable-flows] call '${ref}' of session '${after.id}' waits for a person, and telling them failed (the cleanup tries again): ${reason}`,
        );
      },
    );
    notices.pending.add(told);
    void told.finally(() => notices.pending.delete(told));
  }
}

/** Resolves once every notice this instance started has ended, those started meanwhile included. */
export async function noticesEnded(rt: AgentRuntime): Promise<void> {
  const pending = rt.notices?.pending;
  while (pending?.size) await Promise.allSettled(pending);
}
