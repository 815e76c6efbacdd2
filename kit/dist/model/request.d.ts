import { z } from 'zod';
/** How the model may use tools: as it likes, at least one, or none. */
export declare const ToolChoiceSchema: z.ZodEnum<{
    auto: "auto";
    none: "none";
    required: "required";
}>;
export type ToolChoice = z.infer<typeof ToolChoiceSchema>;
/** The output a request asks for. */
export declare const OutputConfigSchema: z.ZodObject<{
    format: z.ZodOptional<z.ZodEnum<{
        json: "json";
        text: "text";
    }>>;
    schema: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    constrained: z.ZodOptional<z.ZodBoolean>;
    contentType: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
/** Everything a model is asked in one call. */
export declare const GenerateRequestSchema: z.ZodObject<{
    messages: z.ZodArray<z.ZodObject<{
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
    config: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    tools: z.ZodOptional<z.ZodArray<z.ZodObject<{
        name: z.ZodString;
        description: z.ZodString;
        inputSchema: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        outputSchema: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    }, z.core.$strict>>>;
    toolChoice: z.ZodOptional<z.ZodEnum<{
        auto: "auto";
        none: "none";
        required: "required";
    }>>;
    output: z.ZodOptional<z.ZodObject<{
        format: z.ZodOptional<z.ZodEnum<{
            json: "json";
            text: "text";
        }>>;
        schema: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        constrained: z.ZodOptional<z.ZodBoolean>;
        contentType: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>;
    docs: z.ZodOptional<z.ZodArray<z.ZodObject<{
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
                }, z.core.$strict>, z.ZodObject<any, z.core.$strict>, z.ZodObject<{
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
    }, z.core.$strict>>>;
}, z.core.$strict>;
export type GenerateRequest = z.infer<typeof GenerateRequestSchema>;
