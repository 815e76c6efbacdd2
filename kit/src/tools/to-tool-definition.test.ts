import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toJsonSchema, toToolDefinition } from './to-tool-definition.js';

describe('toJsonSchema', () => {
  it('leaves a defaulted field optional on input and required on output', () => {
    const schema = z.object({ id: z.string(), limit: z.number().default(10) });
    expect(toJsonSchema(schema).required).toEqual(['id']);
    expect(toJsonSchema(schema, 'output').required).toEqual(['id', 'limit']);
    expect(toJsonSchema(schema)).not.toHaveProperty('$schema');
  });
});

describe('toToolDefinition', () => {
  it('tells the model the name, description, schemas and metadata it has', () => {
    const definition = toToolDefinition({
      name: 'lookup',
      description: 'Looks up.',
      inputSchema: z.object({ id: z.string() }),
      metadata: { kind: 'read' },
    });
    expect(definition).toMatchObject({ name: 'lookup', description: 'Looks up.', metadata: { kind: 'read' } });
    expect(definition.inputSchema).toMatchObject({ type: 'object', properties: { id: { type: 'string' } } });
    expect(definition).not.toHaveProperty('outputSchema');
  });
});
