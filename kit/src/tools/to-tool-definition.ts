import { z } from 'zod';
import type { JsonSchema, ToolDefinition } from '../model/index.js';

/**
 * A zod schema as JSON Schema, the way models expect it: `input` describes what may be sent
 * (defaults optional), `output` what comes back.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io }) as JsonSchema;
  const { $schema: _drop, ...rest } = json;
  return rest;
}

/** What the model is told about a tool: its name, description and schemas. */
export function toToolDefinition(config: {
  name: string;
  description: string;
  inputSchema?: z.ZodType | undefined;
  outputSchema?: z.ZodType | undefined;
  metadata?: Record<string, unknown> | undefined;
}): ToolDefinition {
  const definition: ToolDefinition = { name: config.name, description: config.description };
  if (config.inputSchema) definition.inputSchema = toJsonSchema(config.inputSchema);
  if (config.outputSchema) definition.outputSchema = toJsonSchema(config.outputSchema, 'output');
  if (config.metadata) definition.metadata = config.metadata;
  return definition;
}
