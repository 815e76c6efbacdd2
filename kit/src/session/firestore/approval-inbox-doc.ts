import { millisOf } from '@callable-flows/protocol';
import type { ApprovalNotice, ApprovalState, WaitingApproval } from '../approval-notices.js';

// The one reader of an approvals inbox document (the store writes it in the commit that makes a
// call wait). Its id and fields are the shared contract of the inbox: change them only with its writer.

const STATES: ReadonlySet<string> = new Set(['waiting', 'approved', 'declined', 'answered', 'expired', 'closed']);

const isString = (value: unknown): value is string => typeof value === 'string';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function noticeOf(value: unknown): ApprovalNotice | undefined {
  if (!isRecord(value)) return undefined;
  const claimedAt = millisOf(value.claimedAt);
  const until = millisOf(value.until);
  if (claimedAt === undefined || until === undefined) return undefined;
  const sentAt = millisOf(value.sentAt);
  return sentAt === undefined ? { claimedAt, until } : { claimedAt, until, sentAt };
}

function answeredByOf(value: unknown): WaitingApproval['answeredBy'] {
  if (!isRecord(value) || !isString(value.uid)) return undefined;
  const at = millisOf(value.at);
  if (at === undefined) return undefined;
  return isString(value.appId) ? { uid: value.uid, at, appId: value.appId } : { uid: value.uid, at };
}

/**
 * The approval an inbox document holds, or undefined when it does not read as one (a document
 * of another shape is never told about: its fields could be anything).
 */
export function readApprovalDoc(id: string, data: Record<string, unknown> | undefined): WaitingApproval | undefined {
  if (!data) return undefined;
  const { sessionId, ref, tool, inputDigest, ownerUid, approverUids, approverClaim, state } = data;
  if (!isString(sessionId) || !isString(ref) || !isString(tool) || !isString(ownerUid)) return undefined;
  if (!isString(state) || !STATES.has(state)) return undefined;
  const waitingSince = millisOf(data.waitingSince);
  if (waitingSince === undefined) return undefined;
  const approval: WaitingApproval = {
    id,
    sessionId,
    ref,
    tool,
    metadata: isRecord(data.metadata) ? data.metadata : {},
    inputDigest: isString(inputDigest) ? inputDigest : '',
    ownerUid,
    approverUids: Array.isArray(approverUids) ? approverUids.filter(isString) : [],
    approverClaim: isString(approverClaim) ? approverClaim : null,
    state: state as ApprovalState,
    waitingSince,
    expiresAt: millisOf(data.expiresAt) ?? null,
    expireAt: millisOf(data.expireAt) ?? 0,
  };
  const answeredBy = answeredByOf(data.answeredBy);
  if (answeredBy) approval.answeredBy = answeredBy;
  const closedAt = millisOf(data.closedAt);
  if (closedAt !== undefined) approval.closedAt = closedAt;
  const notice = noticeOf(data.notice);
  if (notice) approval.notice = notice;
  return approval;
}
