import { z } from 'zod';
import type { JsonSchema, ToolDefinition } from '../model/index.js';
/**
 * A zod schema as JSON Schema, the way models expect it: `input` describes what may be sent
 * (defaults optional), `output` what comes back.
 */
export declare function toJsonSchema(schema: z.ZodType, io?: 'input' | 'output'): JsonSchema;
/** What the model is told about a tool: its name, description and schemas. */
export declare function toToolDefinition(config: {
    name: string;
    description: string;
    inputSchema?: z.ZodType | undefined;
    outputSchema?: z.ZodType | undefined;
    metadata?: Record<string, unknown> | undefined;
}): ToolDefinition;
