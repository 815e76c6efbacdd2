import { z } from 'zod';
import { FinishReasonSchema } from './finish-reason.js';
import { WireInterruptSchema } from './interrupt.js';

/** The tokens a turn consumed. */
export const WireUsageSchema = z.object({ inputTokens: z.number(), outputTokens: z.number() });
export type WireUsage = z.infer<typeof WireUsageSchema>;

/** The result of a call to an agent (README, the wire protocol). */
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
  usage: WireUsageSchema,
});
export type CallResult = z.infer<typeof CallResultSchema>;
