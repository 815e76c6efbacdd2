import { z } from 'zod';

/** A JSON Schema object, as sent to a model. */
export const JsonSchemaSchema = z.record(z.string(), z.unknown());
export type JsonSchema = z.infer<typeof JsonSchemaSchema>;

/** What a model is told about a tool. */
export const ToolDefinitionSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string(),
  inputSchema: JsonSchemaSchema.optional(),
  outputSchema: JsonSchemaSchema.optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type ToolDefinition = z.infer<typeof ToolDefinitionSchema>;
