import { z } from 'zod';
import { GenerationCommonConfigSchema } from '../../model/index.js';
const ObjectSchema = z.record(z.string(), z.unknown());
/**
 * The config a Gemini model takes: the common keys, Gemini's thinking settings, server-side
 * tools, and any other key of the SDK's `GenerateContentConfig`, which reaches the SDK untouched.
 */
export const GeminiConfigSchema = GenerationCommonConfigSchema.extend({
    /** Thinking: `includeThoughts` returns thought summaries as reasoning parts. */
    thinkingConfig: z
        .looseObject({
        includeThoughts: z.boolean().optional(),
        /** Tokens to think with; 0 turns thinking off, -1 lets the model decide. */
        thinkingBudget: z.number().int().min(-1).optional(),
        /** Gemini 3: `minimal`, `low`, `medium` or `high`. */
        thinkingLevel: z.string().optional(),
    })
        .optional(),
    /** Server-side tools (googleSearch, codeExecution, urlContext, …), merged with the request's tools. */
    tools: z.array(ObjectSchema).optional(),
    /** Merged into the function calling config that `toolChoice` sets. */
    toolConfig: ObjectSchema.optional(),
    /** Shorthand for `tools: [{ googleSearch: {} }]`. */
    googleSearch: ObjectSchema.optional(),
    /** Shorthand for `tools: [{ codeExecution: {} }]`. */
    codeExecution: ObjectSchema.optional(),
    /** Shorthand for `tools: [{ urlContext: {} }]`. */
    urlContext: ObjectSchema.optional(),
});
//# sourceMappingURL=gemini-config.js.map