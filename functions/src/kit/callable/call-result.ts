import { z } from 'zod';
import { FinishReasonSchema } from '../model/index.js';

/** An interrupt as the client sees it: answer it by `ref` and `name` in `resume`. */
export const WireInterruptSchema = z.object({
  ref: z.string(),
  name: z.string(),
  input: z.unknown(),
  metadata: z.union([z.record(z.string(), z.unknown()), z.literal(true)]),
});
export type WireInterrupt = z.infer<typeof WireInterruptSchema>;

/** The tokens a turn consumed. */
export const WireUsageSchema = z.object({ inputTokens: z.number(), outputTokens: z.number() });

/** The result of a call to an agent (DESIGN.md, the callable wire protocol). */
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
