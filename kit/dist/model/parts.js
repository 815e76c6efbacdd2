import { z } from 'zod';
/** Free-form data carried beside a part: provider signatures, interrupt stamps, citations. */
export const PartMetadataSchema = z.record(z.string(), z.unknown());
/** Plain text. */
export const TextPartSchema = z.strictObject({
    text: z.string(),
    metadata: PartMetadataSchema.optional(),
});
/** Media by URL: a `data:` URI for inline bytes, or an http(s)/gs URL. */
export const MediaPartSchema = z.strictObject({
    media: z.strictObject({ url: z.string().min(1), contentType: z.string().optional() }),
    metadata: PartMetadataSchema.optional(),
});
/** A model's request to call a tool. `ref` tells calls of the same tool apart. */
export const ToolRequestSchema = z.strictObject({
    name: z.string().min(1),
    ref: z.string().optional(),
    input: z.unknown().optional(),
    /** True while a streamed tool request is still incomplete. */
    partial: z.boolean().optional(),
});
export const ToolRequestPartSchema = z.strictObject({
    toolRequest: ToolRequestSchema,
    metadata: PartMetadataSchema.optional(),
});
/** A tool's answer to a request with the same name and ref. */
export const ToolResponseSchema = z.strictObject({
    name: z.string().min(1),
    ref: z.string().optional(),
    output: z.unknown().optional(),
    /** Rich content a multipart tool returned beside its output (images, say). */
    get content() {
        return z.array(PartSchema).optional();
    },
});
export const ToolResponsePartSchema = z.strictObject({
    toolResponse: ToolResponseSchema,
    metadata: PartMetadataSchema.optional(),
});
/** The model's visible reasoning ("thoughts"). */
export const ReasoningPartSchema = z.strictObject({
    reasoning: z.string(),
    metadata: PartMetadataSchema.optional(),
});
/** Structured data in a message. */
export const DataPartSchema = z.strictObject({
    data: z.unknown(),
    metadata: PartMetadataSchema.optional(),
});
/** Provider-specific content with no common shape (executable code, its result). */
export const CustomPartSchema = z.strictObject({
    custom: z.record(z.string(), z.unknown()),
    metadata: PartMetadataSchema.optional(),
});
/** A reference to a resource by URI. */
export const ResourcePartSchema = z.strictObject({
    resource: z.strictObject({ uri: z.string().min(1) }),
    metadata: PartMetadataSchema.optional(),
});
// Ordered by how often each kind occurs, so the union settles early on the common ones.
/** Any part of a message. */
export const PartSchema = z.union([
    TextPartSchema,
    ToolRequestPartSchema,
    ToolResponsePartSchema,
    ReasoningPartSchema,
    MediaPartSchema,
    DataPartSchema,
    CustomPartSchema,
    ResourcePartSchema,
]);
//# sourceMappingURL=parts.js.map