import { z } from 'zod';
import { DocumentSchema, MessageSchema } from './message.js';
import { JsonSchemaSchema, ToolDefinitionSchema } from './tool-definition.js';

/** How the model may use tools: as it likes, at least one, or none. */
export const ToolChoiceSchema = z.enum(['auto', 'required', 'none']);
export type ToolChoice = z.infer<typeof ToolChoiceSchema>;

/** The output a request asks for. */
export const OutputConfigSchema = z.strictObject({
  format: z.enum(['text', 'json']).optional(),
  schema: JsonSchemaSchema.optional(),
  /** True when the model itself must enforce `schema` (constrained decoding). */
  constrained: z.boolean().optional(),
  contentType: z.string().optional(),
});

/** Everything a model is asked in one call. */
export const GenerateRequestSchema = z.strictObject({
  messages: z.array(MessageSchema),
  config: z.record(z.string(), z.unknown()).optional(),
  tools: z.array(ToolDefinitionSchema).optional(),
  toolChoice: ToolChoiceSchema.optional(),
  output: OutputConfigSchema.optional(),
  docs: z.array(DocumentSchema).optional(),
});
export type GenerateRequest = z.infer<typeof GenerateRequestSchema>;
