import type { ApproverAddress } from '@callable-flows/protocol';
import { KitError } from '../errors/index.js';

/** What an approver check is told of the session a call waits in: never its conversation. */
export interface ApproverSessionView {
  id: string;
  ownerUid: string;
  agent: string;
  /** The agent's typed state (its `state` schema), when it has one. */
  state: unknown;
}

/** The call an approver check decides on: the stored call, and what its interrupt asked. */
export interface ApproverCall {
  name: string;
  ref: string;
  input: unknown;
  /** The interrupt's metadata as the tool gave it (`ctx.interrupt(metadata)`); undefined when it gave none. */
  metadata: Record<string, unknown> | undefined;
}

/** Who is answering: their uid and ID-token claims (the callable's `ctx.context.auth`). */
export interface ApproverAuth {
  uid: string;
  token: Record<string, unknown>;
}

/**
 * Decides whether `auth` may answer `call` (approve, decline or respond): true admits them. It
 * is asked for every answer, the owner's included (a customer does not approve their own refund),
 * on the stored session, before anything is written. A check that throws fails the call with its error.
 */
export type ApproverCheck = (args: {
  auth: ApproverAuth;
  session: ApproverSessionView;
  call: ApproverCall;
}) => boolean | Promise<boolean>;

/** Where a tool's waiting calls appear in the approvals inbox: to these uids, and to holders of this custom claim. */
export interface ApproverInbox {
  uids?: readonly string[];
  /** A custom claim: users whose ID token has `claim: true` read the inbox document. */
  claim?: string;
}

/**
 * Who may answer a tool's calls: `'owner'` (the default: the session's owner alone), a check
 * (see {@link ApproverCheck}; its calls appear in no one's inbox but the owner's), or a check
 * with the inbox address its approvers read the calls from ({@link approversWithClaim},
 * {@link approversIn} build the usual ones).
 */
export type Approvers = 'owner' | ApproverCheck | { check: ApproverCheck; inbox: ApproverInbox };

/** Options of {@link approversWithClaim}. */
export interface ClaimApproversOptions {
  /** The session's owner may not answer even when they hold the claim: a manager does not approve their own refund. */
  excludeOwner?: boolean;
}

/**
 * The holders of custom claim `claim` (`token[claim] === true`) may answer (the session's owner
 * among them only without `excludeOwner`); they find the calls in their inbox.
 */
export function approversWithClaim(
  claim: string,
  options: ClaimApproversOptions = {},
): { check: ApproverCheck; inbox: ApproverInbox } {
  if (!claim) throw new KitError('invalid-argument', 'approversWithClaim needs the name of a custom claim');
  const check: ApproverCheck = options.excludeOwner
    ? ({ auth, session }) => auth.token[claim] === true && auth.uid !== session.ownerUid
    : ({ auth }) => auth.token[claim] === true;
  return { check, inbox: { claim } };
}

/** The users `uids` may answer; they find the calls in their inbox. */
export function approversIn(uids: readonly string[]): { check: ApproverCheck; inbox: ApproverInbox } {
  const allowed = new Set(uids);
  return { check: ({ auth }) => allowed.has(auth.uid), inbox: { uids: [...uids] } };
}

/** The check of `approvers`; undefined for `'owner'` (the owner alone, no check to run). */
export function approverCheckOf(approvers: Approvers | undefined): ApproverCheck | undefined {
  if (approvers === undefined || approvers === 'owner') return undefined;
  return typeof approvers === 'function' ? approvers : approvers.check;
}

/**
 * The inbox address a waiting call of a tool with `approvers` is stamped with: undefined for
 * `'owner'` (the owner alone, nothing to stamp), no one beside the owner for a bare check.
 */
export function inboxAddressOf(approvers: Approvers | undefined): ApproverAddress | undefined {
  if (approvers === undefined || approvers === 'owner') return undefined;
  if (typeof approvers === 'function') return { uids: [] };
  const { uids = [], claim } = approvers.inbox;
  return claim === undefined ? { uids: [...uids] } : { uids: [...uids], claim };
}

/** Refuses an `approvers` value that is none of the forms (a JavaScript caller's typo). */
export function assertApprovers(name: string, approvers: unknown): void {
  if (approvers === undefined || approvers === 'owner' || typeof approvers === 'function') return;
  const form = approvers as { check?: unknown; inbox?: { uids?: unknown; claim?: unknown } };
  const inbox = form?.inbox;
  const uidsOk =
    inbox?.uids === undefined || (Array.isArray(inbox.uids) && inbox.uids.every((u) => typeof u === 'string'));
  const claimOk = inbox?.claim === undefined || (typeof inbox.claim === 'string' && inbox.claim !== '');
  if (typeof form?.check === 'function' && typeof inbox === 'object' && inbox !== null && uidsOk && claimOk) return;
  throw new KitError(
    'invalid-argument',
    `tool '${name}': approvers must be 'owner', a check, or { check, inbox: { uids?, claim? } }`,
  );
}
