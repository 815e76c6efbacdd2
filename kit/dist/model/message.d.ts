import { z } from 'zod';
/** Who wrote a message. `tool` messages carry tool responses. */
export declare const RoleSchema: z.ZodEnum<{
    model: "model";
    system: "system";
    tool: "tool";
    user: "user";
}>;
/** One message of a conversation. */
export declare const MessageSchema: z.ZodObject<{
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
}, z.core.$strict>;
export type Message = z.infer<typeof MessageSchema>;
/** A document given to the model as context (retrieval results, say). */
export declare const DocumentSchema: z.ZodObject<{
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
}, z.core.$strict>;
export type Document = z.infer<typeof DocumentSchema>;
