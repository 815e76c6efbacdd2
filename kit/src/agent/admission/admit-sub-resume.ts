import type { Resume } from '@callable-flows/protocol';
import { openRoundOf } from '../../call-state/index.js';
import { isKitError, KitError } from '../../errors/index.js';
import { applyResume, nothingToResume, repliesOfRequest } from '../../generate/index.js';
import { standingOf } from '../../session/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { NestedAnswerer } from '../sub-agent/index.js';
import { gateResume } from './gate-resume.js';

/**
 * Checks the answers `resume` to sub-session `sessionId`'s interrupts as its own admission
 * would, nothing written (the parent's admission asks, before its own write): who may answer
 * (its tools' `approvers`: false when they don't admit `answerer`, who need not be its owner),
 * whether it still waits (`APPROVAL_EXPIRED`, `NOTHING_TO_RESUME`), then each answer against
 * the waiting call (`APPROVAL_STALE`, `TOOL_CHANGED`, `UNKNOWN_REF`, `ALREADY_ANSWERED`, …).
 */
export async function admitSubResume(
  rt: AgentRuntime,
  sessionId: string,
  resume: Resume,
  answerer: NestedAnswerer,
): Promise<boolean> {
  const record = await rt.store.load(sessionId, { fresh: true });
  const replies = repliesOfRequest(resume);
  if (!record) throw nothingToResume([], sessionId, replies);
  const { session } = record;
  const now = rt.timing.clock();
  const { appId } = answerer;
  const request = {
    kind: 'resume' as const,
    resume,
    uid: answerer.uid,
    requestId: undefined,
    now,
    answerer: { token: answerer.token, ...(appId === undefined ? {} : { appId }), approvers: true },
  };
  let gated: Awaited<ReturnType<typeof gateResume>>;
  try {
    gated = await gateResume(rt, session, request);
  } catch (error) {
    if (isKitError(error) && error.reason === 'NOT_ALLOWED') return false;
    throw error;
  }
  if (standingOf(session, now) === 'expired') {
    throw new KitError(
      'failed-precondition',
      `the approval expired: session '${sessionId}' no longer waits for an answer`,
      {
        reason: 'APPROVAL_EXPIRED',
      },
    );
  }
  const last = openRoundOf(session.history);
  if (!last) throw nothingToResume(session.history, sessionId, replies);
  applyResume(last, gated.replies, rt.toolMap, { history: session.history, fromClient: true });
  return true;
}
