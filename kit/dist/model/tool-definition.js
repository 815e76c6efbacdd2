import { z } from 'zod';
/** A JSON Schema object, as sent to a model. */
export const JsonSchemaSchema = z.record(z.string(), z.unknown());
/** What a model is told about a tool. */
export const ToolDefinitionSchema = z.strictObject({
    name: z.string().min(1),
    description: z.string(),
    inputSchema: JsonSchemaSchema.optional(),
    outputSchema: JsonSchemaSchema.optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
});
//# sourceMappingURL=tool-definition.js.map