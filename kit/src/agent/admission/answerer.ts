import type { ApprovalResult, Resume } from '@callable-flows/protocol';
import { repliesOfRequest } from '../../generate/index.js';
import type { ActionContext } from '../../tools/index.js';
import type { Answerer } from '../turn/index.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Who answers, as the call's context tells (the callable's: `auth.token`, the ID token's claims;
 * `app.appId`, App Check's app id, set only for a verified token). `approvers`: the caller may be
 * someone other than the owner (`Agent.answer`).
 */
export function answererOf(context: ActionContext | undefined, approvers: boolean): Answerer {
  const auth = context?.auth;
  const app = context?.app;
  const token = isRecord(auth) && isRecord(auth.token) ? auth.token : {};
  const appId = isRecord(app) && typeof app.appId === 'string' && app.appId ? app.appId : undefined;
  const name = nameOf(token);
  return { token, ...(appId === undefined ? {} : { appId }), ...(name === undefined ? {} : { name }), approvers };
}

/** The longest name an answer's stamp keeps: a display name, not a document. */
export const MAX_ANSWERER_NAME = 100;

/** The token's `name` claim (the account's display name), trimmed and bounded; undefined when it has none. */
function nameOf(token: Record<string, unknown>): string | undefined {
  const name = typeof token.name === 'string' ? token.name.trim() : '';
  return name ? name.slice(0, MAX_ANSWERER_NAME) : undefined;
}

/** What an approver who is not the owner is told of their answer: the calls they answered, and how; nothing of the conversation. */
export function approvalResult(sessionId: string, resume: Resume): ApprovalResult {
  const answered = repliesOfRequest(resume).map(({ ref, name, kind }) => ({ ref: ref ?? '', name, answer: kind }));
  return { sessionId, status: 'answered', answered };
}
