import { z } from 'zod';
import { FinishReasonSchema } from './finish-reason.js';
import { WireInterruptSchema } from './interrupt.js';

/** The tokens a turn consumed. */
export const WireUsageSchema = z.object({ inputTokens: z.number(), outputTokens: z.number() });
export type WireUsage = z.infer<typeof WireUsageSchema>;

/**
 * A call a person approved whose tool then failed (its effect not made): the model is told, and
 * so is the person, through the turn's result, instead of a `done` that hides it.
 */
export const FailedCallSchema = z.object({ ref: z.string(), name: z.string(), error: z.string() });
export type FailedCall = z.infer<typeof FailedCallSchema>;

/** The result of a call to an agent (docs/reference.md, the wire protocol). */
export const CallResultSchema = z.object({
  sessionId: z.string(),
  status: z.enum(['done', 'interrupted']),
  finishReason: FinishReasonSchema,
  /** The model's or the kit's words on why the turn stopped, when they add anything. */
  finishMessage: z.string().optional(),
  text: z.string(),
  /** Structured output; null when the agent has none. */
  output: z.unknown(),
  interrupts: z.array(WireInterruptSchema),
  /** The approved calls of this turn whose tool failed (absent when none did). */
  failed: z.array(FailedCallSchema).optional(),
  usage: WireUsageSchema,
});
export type CallResult = z.infer<typeof CallResultSchema>;

/**
 * The answer to a message sent while a turn runs on its session, to an agent that queues
 * (`whileBusy: 'queue'`): the message is stored in the session's queue and answered on the
 * server right after the turns before it, in order. `position` is its place in the queue
 * (1: the next to run). The same call again (same `requestId`) is answered `queued` while it
 * waits and with its turn's result once it ran; `watch` shows it meanwhile.
 */
export const QueuedResultSchema = z.object({
  sessionId: z.string(),
  status: z.literal('queued'),
  /** The request id its turn runs under: a retry with it gets the turn's result once it ran. */
  requestId: z.string(),
  position: z.number().int().min(1),
});
export type QueuedResult = z.infer<typeof QueuedResultSchema>;

/** What a message to an agent is answered with: its turn's result, or `queued`. */
export const MessageResultSchema = z.union([CallResultSchema, QueuedResultSchema]);
export type MessageResult = z.infer<typeof MessageResultSchema>;

/**
 * What an approver who is not the session's owner is answered with when they answer its waiting
 * calls: which calls they answered, and how; nothing of the conversation (no text, no output, no
 * other interrupt). The turn goes on as the owner's; the owner's views show it.
 */
export const ApprovalResultSchema = z.object({
  sessionId: z.string(),
  status: z.literal('answered'),
  answered: z.array(z.object({ ref: z.string(), name: z.string(), answer: z.enum(['respond', 'decline', 'restart']) })),
});
export type ApprovalResult = z.infer<typeof ApprovalResultSchema>;
