import { z } from 'zod';
/** One piece of a streamed response. */
export declare const GenerateResponseChunkSchema: z.ZodObject<{
    index: z.ZodOptional<z.ZodNumber>;
    role: z.ZodOptional<z.ZodEnum<{
        model: "model";
        system: "system";
        tool: "tool";
        user: "user";
    }>>;
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
    aggregated: z.ZodOptional<z.ZodBoolean>;
    custom: z.ZodOptional<z.ZodUnknown>;
}, z.core.$strict>;
export type GenerateResponseChunk = z.infer<typeof GenerateResponseChunkSchema>;
