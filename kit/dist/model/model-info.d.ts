import { z } from 'zod';
/** What a model can do; the kit fills the gaps with middleware where it can. */
export declare const ModelSupportsSchema: z.ZodObject<{
    multiturn: z.ZodOptional<z.ZodBoolean>;
    media: z.ZodOptional<z.ZodBoolean>;
    data: z.ZodOptional<z.ZodBoolean>;
    tools: z.ZodOptional<z.ZodBoolean>;
    systemRole: z.ZodOptional<z.ZodBoolean>;
    output: z.ZodOptional<z.ZodArray<z.ZodString>>;
    contentType: z.ZodOptional<z.ZodArray<z.ZodString>>;
    context: z.ZodOptional<z.ZodBoolean>;
    constrained: z.ZodOptional<z.ZodEnum<{
        all: "all";
        "no-tools": "no-tools";
        none: "none";
    }>>;
    toolChoice: z.ZodOptional<z.ZodBoolean>;
    longRunning: z.ZodOptional<z.ZodBoolean>;
}, z.core.$strict>;
export type ModelSupports = z.infer<typeof ModelSupportsSchema>;
/** The release stage of a model. */
export declare const ModelStageSchema: z.ZodEnum<{
    deprecated: "deprecated";
    featured: "featured";
    legacy: "legacy";
    stable: "stable";
    unstable: "unstable";
}>;
export type ModelStage = z.infer<typeof ModelStageSchema>;
