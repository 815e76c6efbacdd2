import { z } from 'zod';
/** What a model can do; the kit fills the gaps with middleware where it can. */
export const ModelSupportsSchema = z.strictObject({
    multiturn: z.boolean().optional(),
    media: z.boolean().optional(),
    /** False when the model can't take `data` parts in a conversation (Gemini has no equivalent). */
    data: z.boolean().optional(),
    tools: z.boolean().optional(),
    systemRole: z.boolean().optional(),
    output: z.array(z.string()).optional(),
    contentType: z.array(z.string()).optional(),
    /** True when the model reads `request.docs` itself. */
    context: z.boolean().optional(),
    /** Which requests the model constrains to a schema natively. */
    constrained: z.enum(['none', 'all', 'no-tools']).optional(),
    toolChoice: z.boolean().optional(),
    longRunning: z.boolean().optional(),
});
/** The release stage of a model. */
export const ModelStageSchema = z.enum(['featured', 'stable', 'unstable', 'legacy', 'deprecated']);
//# sourceMappingURL=model-info.js.map