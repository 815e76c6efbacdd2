// The MCP conformance suite's client under test: the kit's `mcpTools`, run by the suite as
// `<command> <server-url>` with the scenario in MCP_CONFORMANCE_SCENARIO. It lists the server's
// tools and calls each once with an input made from its schema, as an agent's model would.
import { mcpTools } from '../mcp-tools.js';

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; enum?: unknown[] };

/** A value that satisfies `schema` (numbers 1, strings 'x'), for the suite's simple tools. */
function sample(schema: Schema | undefined): unknown {
  if (schema?.enum?.length) return schema.enum[0];
  switch (schema?.type) {
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) value[name] = sample(property);
      return value;
    }
    default:
      return 'x';
  }
}

const url = process.argv.at(-1);
if (!url) throw new Error('usage: conformance-client <server-url>');
const source = mcpTools({ url, name: 'conformance', timeoutMs: 20_000 });
let failed = false;
try {
  const tools = await source.tools({});
  for (const tool of tools) {
    const input = sample(tool.definition.inputSchema as Schema);
    try {
      const result = await tool.run(input, { ref: `call-${tool.name}` });
      console.log(`${tool.name}: ${JSON.stringify(result.output)}`);
    } catch (error) {
      failed = true;
      console.error(`${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
} finally {
  await source.close();
}
process.exit(failed ? 1 : 0);
