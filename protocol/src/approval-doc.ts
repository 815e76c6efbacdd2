import * as z from 'zod/mini';
import { type PresentedInput, PresentedInputSchema } from './presented-input.js';
import { millis, TimeSchema } from './session-doc.js';

// The approvals inbox (`approvals/{approvalId(sessionId, ref)}`): one small document per call that
// waits for a person, written by the kit's Firestore session store in the same commit as the
// session write that makes the call wait, answers it, expires it or closes its round. It is what an
// approver who is not the session's owner reads (they can't read the session): the tool, the
// interrupt's metadata as the tool gave it, its input as the tool presents it (`presented`: absent
// in documents written before presentations existed), who may answer. Clients never write it (rules).

/** Where an inbox document's call stands. */
export const APPROVAL_STATES = ['waiting', 'approved', 'declined', 'answered', 'expired', 'closed'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** Who answered a call, when (epoch ms), and from which app when App Check vouched for it. */
export const AnsweredBySchema = z.object({
  uid: z.string(),
  at: z.number(),
  appId: z.optional(z.string()),
  /** Their name from a source they can't edit (the agent's `approverName`: by default the `approverName` custom claim), when there is one: what a person is shown. */
  name: z.optional(z.string()),
});
export type AnsweredBy = z.infer<typeof AnsweredBySchema>;

/** Who a waiting call is addressed to beside its owner, as the tool's `approvers` said (stamped with the interrupt). */
export const ApproverAddressSchema = z.object({
  uids: z.array(z.string()),
  claim: z.optional(z.string()),
});
export type ApproverAddress = z.infer<typeof ApproverAddressSchema>;

/**
 * Who was told that the call waits (the kit's `onApprovalWaiting`): a notifier's claim, lapsing at
 * `until` if `sentAt` is still unset (its notifier died), then when the notice went out. Epoch ms.
 */
export interface ApprovalNotice {
  claimedAt: number;
  until: number;
  sentAt?: number;
}

const NoticeDocSchema = z.object({ claimedAt: TimeSchema, until: TimeSchema, sentAt: z.optional(TimeSchema) });

/** An inbox document as stored (times are Firestore timestamps, or epoch ms). */
export const ApprovalDocSchema = z.object({
  sessionId: z.string(),
  ref: z.string(),
  tool: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  presented: z.optional(PresentedInputSchema),
  inputDigest: z.string(),
  ownerUid: z.string(),
  agent: z.optional(z.string()),
  approverUids: z.array(z.string()),
  approverClaim: z.nullable(z.string()),
  state: z.enum(APPROVAL_STATES),
  waitingSince: TimeSchema,
  expiresAt: z.nullable(TimeSchema),
  answeredBy: z.optional(z.extend(AnsweredBySchema, { at: TimeSchema })),
  closedAt: z.optional(TimeSchema),
  expireAt: TimeSchema,
  notice: z.optional(NoticeDocSchema),
});
export type ApprovalDoc = z.infer<typeof ApprovalDocSchema>;

/** An inbox document as a client reads it: its id, times as epoch ms. */
export interface Approval {
  id: string;
  sessionId: string;
  ref: string;
  tool: string;
  metadata: Record<string, unknown>;
  /** The call's input as its tool presents it (what runs); absent in documents written before presentations existed. */
  presented?: PresentedInput;
  inputDigest: string;
  ownerUid: string;
  /** The agent that asked (a sub-agent's question: that sub-agent); absent in documents written before it was recorded. */
  agent?: string;
  approverUids: string[];
  approverClaim: string | null;
  state: ApprovalState;
  waitingSince: number;
  expiresAt: number | null;
  answeredBy?: AnsweredBy;
  closedAt?: number;
  /** The TTL policy field (the session's `expireAt`): the document is deleted after it. */
  expireAt: number;
  /** Who was told it waits (the server's notifier's own field). */
  notice?: ApprovalNotice;
}

/** The inbox document `id` holds, as a client reads it; undefined when it doesn't parse. */
export function readApproval(id: string, data: unknown): Approval | undefined {
  const parsed = ApprovalDocSchema.safeParse(data);
  if (!parsed.success) return undefined;
  const doc = parsed.data;
  const approval: Approval = {
    id,
    sessionId: doc.sessionId,
    ref: doc.ref,
    tool: doc.tool,
    metadata: doc.metadata,
    inputDigest: doc.inputDigest,
    ownerUid: doc.ownerUid,
    approverUids: doc.approverUids,
    approverClaim: doc.approverClaim,
    state: doc.state,
    waitingSince: millis(doc.waitingSince),
    expiresAt: doc.expiresAt === null ? null : millis(doc.expiresAt),
    expireAt: millis(doc.expireAt),
  };
  if (doc.answeredBy) {
    const { at, ...by } = doc.answeredBy;
    approval.answeredBy = { ...by, at: millis(at) };
  }
  if (doc.presented) approval.presented = doc.presented;
  if (doc.agent !== undefined) approval.agent = doc.agent;
  if (doc.closedAt !== undefined) approval.closedAt = millis(doc.closedAt);
  if (doc.notice) {
    const { claimedAt, until, sentAt } = doc.notice;
    approval.notice = { claimedAt: millis(claimedAt), until: millis(until) };
    if (sentAt !== undefined) approval.notice.sentAt = millis(sentAt);
  }
  return approval;
}
