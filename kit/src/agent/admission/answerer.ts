import type { ApprovalResult, Resume } from '@callable-flows/protocol';
import { repliesOfRequest } from '../../generate/index.js';
import { type ActionContext, type ApproverNameHook, approverNameClaim } from '../../tools/index.js';
import type { Answerer } from '../turn/index.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Who answers, as the call's context tells (the callable's: `auth.token`, the ID token's claims;
 * `app.appId`, App Check's app id, set only for a verified token). `approvers`: the caller may be
 * someone other than the owner (`Agent.answer`). Their name is `approverName`'s (trimmed, bounded).
 */
export function answererOf(
  context: ActionContext | undefined,
  approvers: boolean,
  approverName: ApproverNameHook = approverNameClaim,
): Answerer {
  const auth = context?.auth;
  const app = context?.app;
  const token = isRecord(auth) && isRecord(auth.token) ? auth.token : {};
  const uid = isRecord(auth) && typeof auth.uid === 'string' ? auth.uid : '';
  const appId = isRecord(app) && typeof app.appId === 'string' && app.appId ? app.appId : undefined;
  const name = bounded(approverName({ uid, token }));
  return { token, ...(appId === undefined ? {} : { appId }), ...(name === undefined ? {} : { name }), approvers };
}

/** The longest name an answer's stamp keeps: a display name, not a document. */
export const MAX_ANSWERER_NAME = 100;

/** A name trimmed and bounded; undefined when there is none, or it is not a string. */
function bounded(raw: unknown): string | undefined {
  const name = typeof raw === 'string' ? raw.trim() : '';
  return name ? name.slice(0, MAX_ANSWERER_NAME) : undefined;
}

/** What an approver who is not the owner is told of their answer: the calls they answered, and how; nothing of the conversation. */
export function approvalResult(sessionId: string, resume: Resume): ApprovalResult {
  const answered = repliesOfRequest(resume).map(({ ref, name, kind }) => ({ ref: ref ?? '', name, answer: kind }));
  return { sessionId, status: 'answered', answered };
}
