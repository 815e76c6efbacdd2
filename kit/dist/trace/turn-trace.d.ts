import { z } from 'zod';
/** One step of a turn: a model call or a tool call, with how long it took and how it ended. */
export declare const TraceStepSchema: z.ZodDiscriminatedUnion<[z.ZodObject<{
    kind: z.ZodLiteral<"model">;
    model: z.ZodString;
    durationMs: z.ZodNumber;
    outcome: z.ZodEnum<{
        error: "error";
        ok: "ok";
    }>;
    finishReason: z.ZodOptional<z.ZodEnum<{
        aborted: "aborted";
        blocked: "blocked";
        interrupted: "interrupted";
        length: "length";
        other: "other";
        stop: "stop";
        unknown: "unknown";
    }>>;
    toolRequests: z.ZodOptional<z.ZodNumber>;
    inputTokens: z.ZodOptional<z.ZodNumber>;
    outputTokens: z.ZodOptional<z.ZodNumber>;
    costUsd: z.ZodOptional<z.ZodNumber>;
    error: z.ZodOptional<z.ZodString>;
}, z.core.$strip>, z.ZodObject<{
    kind: z.ZodLiteral<"tool">;
    name: z.ZodString;
    ref: z.ZodString;
    durationMs: z.ZodNumber;
    outcome: z.ZodEnum<{
        error: "error";
        interrupt: "interrupt";
        ok: "ok";
    }>;
    resumed: z.ZodOptional<z.ZodBoolean>;
    error: z.ZodOptional<z.ZodString>;
}, z.core.$strip>], "kind">;
export type TraceStep = z.infer<typeof TraceStepSchema>;
/** What one turn did, for logs, the traces collection and the metrics script. */
export declare const TurnTraceSchema: z.ZodObject<{
    traceId: z.ZodString;
    flow: z.ZodString;
    sessionId: z.ZodOptional<z.ZodString>;
    uid: z.ZodOptional<z.ZodString>;
    input: z.ZodString;
    steps: z.ZodArray<z.ZodDiscriminatedUnion<[z.ZodObject<{
        kind: z.ZodLiteral<"model">;
        model: z.ZodString;
        durationMs: z.ZodNumber;
        outcome: z.ZodEnum<{
            error: "error";
            ok: "ok";
        }>;
        finishReason: z.ZodOptional<z.ZodEnum<{
            aborted: "aborted";
            blocked: "blocked";
            interrupted: "interrupted";
            length: "length";
            other: "other";
            stop: "stop";
            unknown: "unknown";
        }>>;
        toolRequests: z.ZodOptional<z.ZodNumber>;
        inputTokens: z.ZodOptional<z.ZodNumber>;
        outputTokens: z.ZodOptional<z.ZodNumber>;
        costUsd: z.ZodOptional<z.ZodNumber>;
        error: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>, z.ZodObject<{
        kind: z.ZodLiteral<"tool">;
        name: z.ZodString;
        ref: z.ZodString;
        durationMs: z.ZodNumber;
        outcome: z.ZodEnum<{
            error: "error";
            interrupt: "interrupt";
            ok: "ok";
        }>;
        resumed: z.ZodOptional<z.ZodBoolean>;
        error: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>], "kind">>;
    latencyMs: z.ZodNumber;
    usage: z.ZodObject<{
        inputTokens: z.ZodOptional<z.ZodNumber>;
        outputTokens: z.ZodOptional<z.ZodNumber>;
        totalTokens: z.ZodOptional<z.ZodNumber>;
        thoughtsTokens: z.ZodOptional<z.ZodNumber>;
        cachedContentTokens: z.ZodOptional<z.ZodNumber>;
        inputCharacters: z.ZodOptional<z.ZodNumber>;
        outputCharacters: z.ZodOptional<z.ZodNumber>;
        inputImages: z.ZodOptional<z.ZodNumber>;
        outputImages: z.ZodOptional<z.ZodNumber>;
        inputVideos: z.ZodOptional<z.ZodNumber>;
        outputVideos: z.ZodOptional<z.ZodNumber>;
        inputAudioFiles: z.ZodOptional<z.ZodNumber>;
        outputAudioFiles: z.ZodOptional<z.ZodNumber>;
        custom: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodNumber>>;
        costUsd: z.ZodOptional<z.ZodNumber>;
        byModel: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodObject<{
            calls: z.ZodOptional<z.ZodNumber>;
            inputTokens: z.ZodOptional<z.ZodNumber>;
            outputTokens: z.ZodOptional<z.ZodNumber>;
            thoughtsTokens: z.ZodOptional<z.ZodNumber>;
            cachedContentTokens: z.ZodOptional<z.ZodNumber>;
            costUsd: z.ZodOptional<z.ZodNumber>;
        }, z.core.$strict>>>;
    }, z.core.$strict>;
    rounds: z.ZodNumber;
    finishReason: z.ZodOptional<z.ZodEnum<{
        aborted: "aborted";
        blocked: "blocked";
        interrupted: "interrupted";
        length: "length";
        other: "other";
        stop: "stop";
        unknown: "unknown";
    }>>;
    status: z.ZodEnum<{
        done: "done";
        failed: "failed";
        interrupted: "interrupted";
    }>;
    errorCode: z.ZodOptional<z.ZodString>;
    startedAt: z.ZodString;
}, z.core.$strip>;
export type TurnTrace = z.infer<typeof TurnTraceSchema>;
