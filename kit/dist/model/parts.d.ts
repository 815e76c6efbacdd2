import { z } from 'zod';
/** Free-form data carried beside a part: provider signatures, interrupt stamps, citations. */
export declare const PartMetadataSchema: z.ZodRecord<z.ZodString, z.ZodUnknown>;
export type PartMetadata = z.infer<typeof PartMetadataSchema>;
/** Plain text. */
export declare const TextPartSchema: z.ZodObject<{
    text: z.ZodString;
    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
}, z.core.$strict>;
/** Media by URL: a `data:` URI for inline bytes, or an http(s)/gs URL. */
export declare const MediaPartSchema: z.ZodObject<{
    media: z.ZodObject<{
        url: z.ZodString;
        contentType: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>;
    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
}, z.core.$strict>;
export type MediaPart = z.infer<typeof MediaPartSchema>;
/** A model's request to call a tool. `ref` tells calls of the same tool apart. */
export declare const ToolRequestSchema: z.ZodObject<{
    name: z.ZodString;
    ref: z.ZodOptional<z.ZodString>;
    input: z.ZodOptional<z.ZodUnknown>;
    partial: z.ZodOptional<z.ZodBoolean>;
}, z.core.$strict>;
export type ToolRequest = z.infer<typeof ToolRequestSchema>;
export declare const ToolRequestPartSchema: z.ZodObject<{
    toolRequest: z.ZodObject<{
        name: z.ZodString;
        ref: z.ZodOptional<z.ZodString>;
        input: z.ZodOptional<z.ZodUnknown>;
        partial: z.ZodOptional<z.ZodBoolean>;
    }, z.core.$strict>;
    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
}, z.core.$strict>;
export type ToolRequestPart = z.infer<typeof ToolRequestPartSchema>;
/** A tool's answer to a request with the same name and ref. */
export declare const ToolResponseSchema: z.ZodObject<{
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
    }, z.core.$strict>, z.ZodObject<{
        toolResponse: z.ZodObject</*elided*/ any, z.core.$strict>;
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
    }, z.core.$strict>]>>>;
}, z.core.$strict>;
export declare const ToolResponsePartSchema: z.ZodObject<{
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
}, z.core.$strict>;
export type ToolResponsePart = z.infer<typeof ToolResponsePartSchema>;
/** The model's visible reasoning ("thoughts"). */
export declare const ReasoningPartSchema: z.ZodObject<{
    reasoning: z.ZodString;
    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
}, z.core.$strict>;
/** Structured data in a message. */
export declare const DataPartSchema: z.ZodObject<{
    data: z.ZodUnknown;
    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
}, z.core.$strict>;
/** Provider-specific content with no common shape (executable code, its result). */
export declare const CustomPartSchema: z.ZodObject<{
    custom: z.ZodRecord<z.ZodString, z.ZodUnknown>;
    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
}, z.core.$strict>;
/** A reference to a resource by URI. */
export declare const ResourcePartSchema: z.ZodObject<{
    resource: z.ZodObject<{
        uri: z.ZodString;
    }, z.core.$strict>;
    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
}, z.core.$strict>;
/** Any part of a message. */
export declare const PartSchema: z.ZodUnion<readonly [z.ZodObject<{
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
}, z.core.$strict>]>;
export type Part = z.infer<typeof PartSchema>;
