import { z } from 'zod';
/** A JSON Schema object, as sent to a model. */
export declare const JsonSchemaSchema: z.ZodRecord<z.ZodString, z.ZodUnknown>;
export type JsonSchema = z.infer<typeof JsonSchemaSchema>;
/** What a model is told about a tool. */
export declare const ToolDefinitionSchema: z.ZodObject<{
    name: z.ZodString;
    description: z.ZodString;
    inputSchema: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    outputSchema: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
}, z.core.$strict>;
export type ToolDefinition = z.infer<typeof ToolDefinitionSchema>;
