import { z } from 'zod';
import { FinishReasonSchema, UsageSchema } from '../model/index.js';
/** One step of a turn: a model call or a tool call, with how long it took and how it ended. */
export const TraceStepSchema = z.discriminatedUnion('kind', [
    z.object({
        kind: z.literal('model'),
        model: z.string(),
        durationMs: z.number(),
        outcome: z.enum(['ok', 'error']),
        finishReason: FinishReasonSchema.optional(),
        toolRequests: z.number().int().optional(),
        inputTokens: z.number().optional(),
        outputTokens: z.number().optional(),
        /** Estimated from the app's price table when the call was metered. */
        costUsd: z.number().optional(),
        error: z.string().optional(),
    }),
    z.object({
        kind: z.literal('tool'),
        name: z.string(),
        ref: z.string(),
        durationMs: z.number(),
        outcome: z.enum(['ok', 'interrupt', 'error']),
        resumed: z.boolean().optional(),
        error: z.string().optional(),
    }),
]);
/** What one turn did, for logs, the traces collection and the metrics script. */
export const TurnTraceSchema = z.object({
    traceId: z.string(),
    flow: z.string(),
    sessionId: z.string().optional(),
    uid: z.string().optional(),
    /** The user's input, truncated: enough to recognise the task, not to store the conversation twice. */
    input: z.string(),
    steps: z.array(TraceStepSchema),
    latencyMs: z.number(),
    usage: UsageSchema,
    /** Rounds: model calls made (stored as `turns` before the rename; readTraces reads both). */
    rounds: z.number().int(),
    finishReason: FinishReasonSchema.optional(),
    status: z.enum(['done', 'interrupted', 'failed']),
    /** The error code when the turn failed. */
    errorCode: z.string().optional(),
    startedAt: z.string(),
});
//# sourceMappingURL=turn-trace.js.map