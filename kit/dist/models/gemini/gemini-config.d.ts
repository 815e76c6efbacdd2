import { z } from 'zod';
/**
 * The config a Gemini model takes: the common keys, Gemini's thinking settings, server-side
 * tools, and any other key of the SDK's `GenerateContentConfig`, which reaches the SDK untouched.
 */
export declare const GeminiConfigSchema: z.ZodObject<{
    version: z.ZodOptional<z.ZodString>;
    temperature: z.ZodOptional<z.ZodNumber>;
    maxOutputTokens: z.ZodOptional<z.ZodNumber>;
    topK: z.ZodOptional<z.ZodNumber>;
    topP: z.ZodOptional<z.ZodNumber>;
    stopSequences: z.ZodOptional<z.ZodArray<z.ZodString>>;
    thinkingConfig: z.ZodOptional<z.ZodObject<{
        includeThoughts: z.ZodOptional<z.ZodBoolean>;
        thinkingBudget: z.ZodOptional<z.ZodNumber>;
        thinkingLevel: z.ZodOptional<z.ZodString>;
    }, z.core.$loose>>;
    tools: z.ZodOptional<z.ZodArray<z.ZodRecord<z.ZodString, z.ZodUnknown>>>;
    toolConfig: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    googleSearch: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    codeExecution: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    urlContext: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
}, z.core.$loose>;
export type GeminiConfig = z.infer<typeof GeminiConfigSchema>;
