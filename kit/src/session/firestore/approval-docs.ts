import { type ApprovalState, type PresentedInput, presentInputAsIs } from '@callable-flows/protocol';
import {
  answeredByOf,
  answerOf,
  approverAddressOf,
  askedOf,
  inputDigestOf,
  nestedAddressOf,
  nestedInterruptsOf,
  openRoundOf,
  presentedOf,
  splitPathRef,
} from '../../call-state/index.js';
import { type Message, type ToolRequestPart, toolRequestsOf } from '../../model/index.js';
import { headBranchOf, journalOf } from '../session-branches.js';
import type { Session } from '../session-schema.js';
import { askerOf, type WaitingQuestion as Waiting, waitingQuestions } from '../waiting-questions.js';

// The approvals inbox, derived from the sessions alone: the diff of the waiting calls between the
// copy a write replaces and the one it writes says which documents to open and which to close, so
// every writer (a turn, a resume, a stop, a new message that closes a round, the cleanup's expiry)
// keeps the inbox right without knowing of it, in the same batch as the session.

/** One inbox document to write: a whole new one (`open`), or the fields that close it (merged). */
export interface ApprovalWrite {
  ref: string;
  kind: 'open' | 'close';
  fields: Record<string, unknown>;
}

/** The call `ref` in `history`, the last round first. */
function callOf(history: readonly Message[], ref: string): ToolRequestPart | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const part = toolRequestsOf(history[i] as Message).find((p) => p.toolRequest.ref === ref);
    if (part) return part;
  }
  return undefined;
}

/**
 * A value Firestore takes as it is: arrays directly inside arrays (which it refuses) become their
 * JSON text, undefined values are dropped. Interrupt metadata is the tool's, and may hold either.
 */
function storable(value: unknown, inArray = false): unknown {
  if (Array.isArray(value)) return inArray ? JSON.stringify(value) : value.map((v) => storable(v, true));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = storable(v);
  return out;
}

/** The waiting question's input as its tool presents it: its stamp, else the input as it is. */
function presentedOfWaiting({ part, nested }: Waiting): PresentedInput {
  if (nested) return nested.presented ?? presentInputAsIs(nested.input);
  return presentedOf(part) ?? presentInputAsIs(part.toolRequest.input);
}

/** The fields of the inbox document of the waiting question `waiting` of `session`. */
function openFields(session: Session, { part, nested }: Waiting): Record<string, unknown> {
  const asked = nested ? nested.metadata : askedOf(part);
  const address = nested ? nestedAddressOf(part, nested.ref) : approverAddressOf(part);
  return {
    sessionId: session.id,
    ref: nested ? nested.ref : part.toolRequest.ref,
    tool: nested ? nested.name : part.toolRequest.name,
    metadata: typeof asked === 'object' ? storable(asked) : {},
    // What runs, as the tool presents it (the input itself when it declares no presentation).
    presented: storable(presentedOfWaiting({ part, nested })),
    inputDigest: (nested ? nested.inputDigest : inputDigestOf(part)) ?? '',
    ownerUid: session.ownerUid,
    // Who asked: what the bound on an agent's waiting approvals counts.
    agent: askerOf(session, { part, nested }),
    // The owner alone, unless the tool named approvers: then they, and a claim's holders.
    approverUids: address ? address.uids : [session.ownerUid],
    approverClaim: address?.claim ?? null,
    state: 'waiting' satisfies ApprovalState,
    waitingSince: new Date(session.updatedAt),
    // The cleanup's interrupt TTL decides when a call expires; the store does not know it.
    expiresAt: null,
    expireAt: new Date(session.expireAt),
  };
}

const STATE_OF_ANSWER = { restart: 'approved', decline: 'declined', respond: 'answered' } as const;

/**
 * How the sub-agent question `rest` was answered through the restart of its sub-agent call
 * `part` (the answers it handed on), if it was.
 */
function nestedAnswerOf(part: ToolRequestPart, rest: string): keyof typeof STATE_OF_ANSWER | undefined {
  if (answerOf(part) !== 'restart') return undefined;
  const handed = (part.metadata?.resumed as { subResume?: Record<string, { ref: string }[] | undefined> } | undefined)
    ?.subResume;
  for (const kind of ['restart', 'decline', 'respond'] as const) {
    if (handed?.[kind]?.some((reply) => reply.ref === rest)) return kind;
  }
  return undefined;
}

/**
 * How a person answered the call `part`: its answer, except that a tool's own question (an MCP
 * server's) runs again on a respond or a decline, stored as a restart that names the person's kind
 * (`answeredAs`), which is what the inbox says.
 */
function personAnswerOf(part: ToolRequestPart): keyof typeof STATE_OF_ANSWER | undefined {
  const answer = answerOf(part);
  const as = part.metadata?.answeredAs;
  return answer === 'restart' && (as === 'respond' || as === 'decline') ? as : answer;
}

/**
 * The fields that close the inbox document of the question `ref`, no longer waiting in `session`;
 * `forked` when the write that closes it goes on from a snapshot on a new branch.
 */
function closeFields(session: Session, ref: string, forked: boolean): Record<string, unknown> {
  // A fork left it waiting on another branch, whether the new branch holds its round (a fork from
  // the snapshot of the turn that asked, the round closed there) or not (an older snapshot). Nothing
  // answered it in that write: an answer its stamps carry is of an earlier question of the call.
  if (forked) return { state: 'superseded', closedAt: new Date(session.updatedAt) };
  const path = splitPathRef(ref);
  const part = callOf(session.history, path ? path.head : ref);
  const answer = part && (path ? nestedAnswerOf(part, path.rest) : personAnswerOf(part));
  const state: ApprovalState = answer ? STATE_OF_ANSWER[answer] : session.status === 'expired' ? 'expired' : 'closed';
  const by = part && answer ? answeredByOf(part) : undefined;
  // The cleanup's expiry keeps `updatedAt` (it dates the last turn): its outcome says when it expired.
  const at = Math.max(session.updatedAt, session.outcome?.at ?? 0);
  const fields: Record<string, unknown> = { state, closedAt: new Date(at) };
  if (by) fields.answeredBy = { ...by, at: new Date(by.at) };
  return fields;
}

const NONE: readonly ApprovalWrite[] = [];

/**
 * The inbox writes of a session write: a document opened for each call that waits in `next` and
 * did not in `expected` (none for a new session), and closed for each that waited and no longer
 * does (answered, expired, or its round closed). A write that changes no waiting call writes none.
 */
export function approvalWrites(expected: Session | undefined, next: Session): readonly ApprovalWrite[] {
  // A sub-agent's questions are its parent's: the parent's inbox has them, by path ref.
  if (next.parent) return NONE;
  // Most writes (a text turn, a heartbeat) have no open round on either side: nothing to read, nothing made.
  const beforeRound = expected && openRoundOf(expected.history);
  if (!beforeRound && !openRoundOf(next.history)) return NONE;
  const before = expected ? waitingQuestions(expected.history) : new Map<string, Waiting>();
  const after = waitingQuestions(next.history);
  if (!before.size && !after.size) return NONE;
  const forked = expected !== undefined && headBranchOf(expected).id !== headBranchOf(next).id;
  const writes: ApprovalWrite[] = [];
  for (const [ref, waiting] of after) {
    if (!before.has(ref)) writes.push({ ref, kind: 'open', fields: openFields(next, waiting) });
  }
  for (const ref of before.keys()) {
    if (!after.has(ref)) writes.push({ ref, kind: 'close', fields: closeFields(next, ref, forked) });
  }
  return writes;
}

/** The refs of the inbox documents `writes` opens. */
export function openedRefs(writes: readonly ApprovalWrite[]): string[] {
  return writes.filter((write) => write.kind === 'open').map((write) => write.ref);
}

/** The refs of every call of `session` (on any branch) that ever waited for a person: the inbox documents it has. */
export function approvalRefsOf(session: Session): string[] {
  const refs: string[] = [];
  for (const message of journalOf(session)) {
    for (const part of toolRequestsOf(message)) {
      const ref = part.toolRequest.ref;
      if (ref === undefined || askedOf(part) === undefined) continue;
      const nested = nestedInterruptsOf(part);
      if (nested) refs.push(...nested.map((question) => question.ref));
      else refs.push(ref);
    }
  }
  return refs;
}
