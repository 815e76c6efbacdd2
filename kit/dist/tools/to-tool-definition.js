import { z } from 'zod';
/**
 * A zod schema as JSON Schema, the way models expect it: `input` describes what may be sent
 * (defaults optional), `output` what comes back.
 */
export function toJsonSchema(schema, io = 'input') {
    const json = z.toJSONSchema(schema, { unrepresentable: 'any', io });
    const { $schema: _drop, ...rest } = json;
    return rest;
}
/** What the model is told about a tool: its name, description and schemas. */
export function toToolDefinition(config) {
    const definition = { name: config.name, description: config.description };
    if (config.inputSchema)
        definition.inputSchema = toJsonSchema(config.inputSchema);
    if (config.outputSchema)
        definition.outputSchema = toJsonSchema(config.outputSchema, 'output');
    if (config.metadata)
        definition.metadata = config.metadata;
    return definition;
}
//# sourceMappingURL=to-tool-definition.js.map