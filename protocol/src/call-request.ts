import { z } from 'zod';
import { PAYLOAD_LIMITS } from './payload-limits.js';
import { ProtocolVersionSchema } from './protocol-version.js';

const L = PAYLOAD_LIMITS;

/** An id a client sends (`sessionId`, `requestId`): letters, digits, `_` and `-`, so it is a safe document id. */
export const WireIdSchema = z
  .string()
  .min(1)
  .max(L.idChars, `must be at most ${L.idChars} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, _ and -')
  // Firestore reserves `__name__` ids and refuses them with its own error: say it first, as the caller's.
  .refine((id) => !/^__.*__$/.test(id), 'must not be of the form __name__');

const NameSchema = z.string().min(1).max(L.idChars, `must be at most ${L.idChars} characters`);
/**
 * The `inputDigest` of the interrupt a reply answers, sent back as the client got it: the reply
 * is admitted only while the stored call still has the input the person was shown.
 */
const InputDigestSchema = z.string().min(1).max(L.idChars, `must be at most ${L.idChars} characters`).optional();
const TextSchema = z.string().max(L.textChars, `must be at most ${L.textChars} characters`);

// Clients may send only content: tool calls, tool results, reasoning and part metadata are the
// kit's own, so a client could forge history or interrupt stamps with them.
/** A part a client may put in a message: text, media (by URL) or data. */
export const ClientPartSchema = z.union(
  [
    z.strictObject({ text: TextSchema }),
    z.strictObject({
      media: z.strictObject({
        url: z.string().regex(/^(https:|gs:|data:)/, 'must be an https:, gs: or data: URL'),
        contentType: z.string().max(L.idChars).optional(),
      }),
    }),
    z.strictObject({ data: z.unknown() }),
  ],
  { error: 'must be a text, media or data part' },
);
export type ClientPart = z.infer<typeof ClientPartSchema>;

/** A new user turn: text, or an array of parts. */
export const ClientMessageSchema = z.union(
  [
    TextSchema.min(1, 'must not be empty'),
    z.array(ClientPartSchema).min(1, 'must not be empty').max(L.parts, `must have at most ${L.parts} parts`),
  ],
  { error: 'must be text or an array of parts' },
);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

/** The answer to an interrupt: the output its tool call should have. */
export const RespondReplySchema = z.strictObject({
  ref: NameSchema,
  name: NameSchema,
  output: z.unknown(),
  inputDigest: InputDigestSchema,
});
export type RespondReply = z.infer<typeof RespondReplySchema>;

/**
 * A request to run an interrupted call again, now approved: the stored call as it is. A
 * `replaceInput` is a person's edit of it, merged over the stored input, and admitted only for
 * the fields the tool declares editable (`editableInput`; `ANSWER_NOT_ALLOWED` otherwise).
 */
export const RestartReplySchema = z.strictObject({
  ref: NameSchema,
  name: NameSchema,
  replaceInput: z.unknown().optional(),
  inputDigest: InputDigestSchema,
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type RestartReply = z.infer<typeof RestartReplySchema>;

/** A person's refusal of an interrupted call; the model is told, with the reason. */
export const DeclineReplySchema = z.strictObject({
  ref: NameSchema,
  name: NameSchema,
  reason: z.string().max(L.reasonChars, `must be at most ${L.reasonChars} characters`).optional(),
  inputDigest: InputDigestSchema,
});
export type DeclineReply = z.infer<typeof DeclineReplySchema>;

const replies = <T extends z.ZodType>(schema: T) =>
  z.array(schema).max(L.resumeReplies, `must have at most ${L.resumeReplies} replies`).optional();

/** How an interrupted turn goes on: approvals, refusals and answers, matched to interrupts by ref and name. */
export const ResumeSchema = z
  .strictObject({
    respond: replies(RespondReplySchema),
    restart: replies(RestartReplySchema),
    decline: replies(DeclineReplySchema),
  })
  .refine(
    (r) => (r.respond?.length ?? 0) + (r.restart?.length ?? 0) + (r.decline?.length ?? 0) > 0,
    'must answer at least one interrupt',
  )
  .refine(
    (r) => (r.respond?.length ?? 0) + (r.restart?.length ?? 0) + (r.decline?.length ?? 0) <= L.resumeReplies,
    `must have at most ${L.resumeReplies} replies in all`,
  );
export type Resume = z.infer<typeof ResumeSchema>;

/** The `data` of a call to an agent (docs/reference.md, the wire protocol). */
export const CallRequestSchema = z
  .strictObject({
    /** The session; a first `message` may bring an id no session has yet, created for it (owned by the caller). */
    sessionId: WireIdSchema.optional(),
    message: ClientMessageSchema.optional(),
    resume: ResumeSchema.optional(),
    /** A client's idempotency key: a retry with the same key gets the first call's result. */
    requestId: WireIdSchema.optional(),
    /**
     * Go on from this snapshot of the session (a turn's end) instead of its head: the `message`
     * starts a new branch of the conversation there. Only with `sessionId` and `message`; refused
     * (`SNAPSHOT_NOT_FOUND`) unless it is a snapshot of that session.
     */
    snapshotId: WireIdSchema.optional(),
    /** The wire version the client speaks (`PROTOCOL_VERSION`); absent: the oldest the server answers. */
    protocolVersion: ProtocolVersionSchema.optional(),
  })
  .superRefine((request, ctx) => {
    if (request.message === undefined && request.resume === undefined) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'a call needs message (a new turn) or resume' });
    } else if (request.message !== undefined && request.resume !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['resume'], message: 'a call carries message or resume, not both' });
    } else if (request.resume !== undefined && request.sessionId === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['sessionId'],
        message: 'resume needs the sessionId of the interrupted turn',
      });
    }
    if (request.snapshotId !== undefined && (request.sessionId === undefined || request.message === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['snapshotId'], message: 'snapshotId goes with a sessionId and a message' });
    }
  });
export type CallRequest = z.infer<typeof CallRequestSchema>;

/**
 * A request as a client builds it: {@link CallRequestSchema} accepts the turns (one of
 * `message` and `resume`; `resume` only with the `sessionId` of the interrupted turn), and
 * `StopRequestSchema` (stop-request.ts) the stop, answered with a `StopResult`, and
 * `WithdrawRequestSchema` the withdraw of a queued message, answered with a `WithdrawResult`. A message may be
 * answered `queued` (a `QueuedResult`) by an agent that queues messages while a turn runs.
 */
export type WireRequest = (
  | { sessionId?: string; message: ClientMessage; requestId?: string }
  | { sessionId: string; message: ClientMessage; snapshotId: string; requestId?: string }
  | { sessionId: string; resume: Resume; requestId?: string }
  | { sessionId: string; stop: true; requestId?: string; clientId?: string }
  | { sessionId: string; withdraw: string; requestId?: never }
) & { protocolVersion?: number };
