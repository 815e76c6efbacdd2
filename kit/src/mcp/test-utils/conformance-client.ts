// The MCP conformance suite's client under test: the kit's `mcpTools`, run by the suite as
// `<command> <server-url>` with the scenario in MCP_CONFORMANCE_SCENARIO. It lists the server's
// tools and calls each once with an input made from its schema, as an agent's model would; a
// server's question (an interrupt of the call) is answered as a person would, accepting a form
// filled from its schema (or a URL opened), and the call runs again with what it kept.
import { isToolInterruptError, type Tool, type ToolResult } from '../../tools/index.js';
import { mcpTools } from '../mcp-tools.js';

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; enum?: unknown[] };

/** A value that satisfies `schema` (numbers 1, strings 'x'; an object's required fields), for the suite's simple tools. */
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
      // The required fields only, as a model leaves out what it needn't say.
      const required = new Set(schema.required ?? []);
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (required.has(name)) value[name] = sample(property);
      }
      return value;
    }
    default:
      return 'x';
  }
}

/** Runs `tool`, answering each question the server asks (at most 5 in a row). */
async function runAnswering(tool: Tool, input: unknown): Promise<ToolResult> {
  let resumed: Record<string, unknown> | true | undefined;
  let kept: Record<string, unknown> | undefined;
  for (let round = 0; ; round++) {
    try {
      return await tool.run(input, { ref: `call-${tool.name}`, ...(resumed ? { resumed } : {}), kept });
    } catch (error) {
      if (!isToolInterruptError(error) || round >= 5) throw error;
      const asked = error.metadata?.elicitation as { mode: string; requestedSchema?: Schema } | undefined;
      const read = tool.config.ownQuestion?.(error.kept);
      if (!asked || !read) throw error;
      // Read as the kit reads a person's respond: the form filled in, or {} for a URL opened.
      const reading = read({ kind: 'respond', output: asked.mode === 'url' ? {} : sample(asked.requestedSchema) });
      if ('refused' in reading) throw new Error(reading.refused);
      resumed = reading.resumed;
      kept = error.kept;
    }
  }
}

const url = process.argv.at(-1);
if (!url) throw new Error('usage: conformance-client <server-url>');
const source = mcpTools({ url, name: 'conformance', timeoutMs: 20_000 });

try {
  const tools = await source.tools({});
  for (const tool of tools) {
    const input = sample(tool.definition.inputSchema as Schema);
    try {
      const result = await runAnswering(tool, input);
      console.log(`${tool.name}: ${JSON.stringify(result.output)}`);
    } catch (error) {
      console.error(`${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
} finally {
  await source.close();
}
// A call the client refused (a server that breaks the protocol on purpose) is said above: the
// suite's checks are the verdict on each scenario, not this process's exit code.
process.exit(0);
