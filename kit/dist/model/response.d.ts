import { z } from 'zod';
export { type FinishReason, FinishReasonSchema } from '@callable-flows/protocol';
/** A model's answer to one request. */
export declare const GenerateResponseSchema: z.ZodObject<{
    message: z.ZodOptional<z.ZodObject<{
        role: z.ZodEnum<{
            model: "model";
            system: "system";
            tool: "tool";
            user: "user";
        }>;
        content: z.ZodArray<z.ZodUnion<readonly [z.ZodObject<{
            text: z.ZodString;
            metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strict>, z.ZodObject<{
            toolRequest: z.ZodObject<{
                name: z.ZodString;
                ref: z.ZodOptional<z.ZodString>;
                input: z.ZodOptional<z.ZodUnknown>;
                partial: z.ZodOptional<z.ZodBoolean>;
            }, z.core.$strict>;
            metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strict>, z.ZodObject<{
            toolResponse: z.ZodObject<{
                name: z.ZodString;
                ref: z.ZodOptional<z.ZodString>;
                output: z.ZodOptional<z.ZodUnknown>;
                content: z.ZodOptional<z.ZodArray<z.ZodUnion<readonly [z.ZodObject<{
                    text: z.ZodString;
                    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                }, z.core.$strict>, z.ZodObject<{
                    toolRequest: z.ZodObject<{
                        name: z.ZodString;
                        ref: z.ZodOptional<z.ZodString>;
                        input: z.ZodOptional<z.ZodUnknown>;
                        partial: z.ZodOptional<z.ZodBoolean>;
                    }, z.core.$strict>;
                    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                }, z.core.$strict>, z.ZodObject</*elided*/ any, z.core.$strict>, z.ZodObject<{
                    reasoning: z.ZodString;
                    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                }, z.core.$strict>, z.ZodObject<{
                    media: z.ZodObject<{
                        url: z.ZodString;
                        contentType: z.ZodOptional<z.ZodString>;
                    }, z.core.$strict>;
                    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                }, z.core.$strict>, z.ZodObject<{
                    data: z.ZodUnknown;
                    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                }, z.core.$strict>, z.ZodObject<{
                    custom: z.ZodRecord<z.ZodString, z.ZodUnknown>;
                    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                }, z.core.$strict>, z.ZodObject<{
                    resource: z.ZodObject<{
                        uri: z.ZodString;
                    }, z.core.$strict>;
                    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                }, z.core.$strict>]>>>;
            }, z.core.$strict>;
            metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strict>, z.ZodObject<{
            reasoning: z.ZodString;
            metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strict>, z.ZodObject<{
            media: z.ZodObject<{
                url: z.ZodString;
                contentType: z.ZodOptional<z.ZodString>;
            }, z.core.$strict>;
            metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strict>, z.ZodObject<{
            data: z.ZodUnknown;
            metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strict>, z.ZodObject<{
            custom: z.ZodRecord<z.ZodString, z.ZodUnknown>;
            metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strict>, z.ZodObject<{
            resource: z.ZodObject<{
                uri: z.ZodString;
            }, z.core.$strict>;
            metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        }, z.core.$strict>]>>;
        metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    }, z.core.$strict>>;
    finishReason: z.ZodEnum<{
        aborted: "aborted";
        blocked: "blocked";
        interrupted: "interrupted";
        length: "length";
        other: "other";
        stop: "stop";
        unknown: "unknown";
    }>;
    finishMessage: z.ZodOptional<z.ZodString>;
    latencyMs: z.ZodOptional<z.ZodNumber>;
    usage: z.ZodOptional<z.ZodObject<{
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
    }, z.core.$strict>>;
    model: z.ZodOptional<z.ZodString>;
    custom: z.ZodOptional<z.ZodUnknown>;
}, z.core.$strict>;
export type GenerateResponse = z.infer<typeof GenerateResponseSchema>;
