import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

// Which modules of the MCP SDK's client were loaded: each mock records its first import.
const loaded = vi.hoisted(() => [] as string[]);
vi.mock('@modelcontextprotocol/client', async (importOriginal) => {
  loaded.push('client');
  return importOriginal();
});
vi.mock('@modelcontextprotocol/client/validators/ajv', async (importOriginal) => {
  loaded.push('validators');
  return importOriginal();
});
// The kit's own MCP code beside its listing: the connection, loaded with the first listing too.
vi.mock('./mcp/mcp-connection.js', async (importOriginal) => {
  loaded.push('kit mcp-connection');
  return importOriginal();
});

describe('the kit’s entry point', () => {
  it('loads none of the MCP SDK, nor the kit’s MCP connection, when an agent without MCP tools runs a turn', async () => {
    const kit = await import('./index.js');
    const lookup = kit.defineTool(
      { name: 'lookup', description: 'looks up', inputSchema: z.object({ q: z.string() }) },
      ({ q }) => `found ${q}`,
    );
    let calls = 0;
    const model = kit.scriptedModel(() =>
      calls++ === 0
        ? {
            message: { role: 'model', content: [{ toolRequest: { name: 'lookup', input: { q: 'x' } } }] },
            finishReason: 'stop' as const,
          }
        : 'done',
    );
    const agent = kit.defineAgent({ name: 'plain', model, tools: [lookup] });
    const result = await agent.send(undefined, { message: 'hi' }, { uid: 'u' });
    expect(result.text).toBe('done');
    // An MCP source made but never used loads nothing either: the SDK comes with the first listing.
    kit.mcpTools({ url: 'http://127.0.0.1:9/mcp' });
    expect(loaded).toEqual([]);
  });

  it('loads the SDK’s client on the first use of an MCP source', async () => {
    const { startMcpTestServer } = await import('./mcp/test-utils/mcp-test-server.js');
    const { mcpTools } = await import('./mcp/index.js');
    const server = await startMcpTestServer();
    const source = mcpTools({ url: server.url });
    try {
      expect((await source.tools({})).length).toBeGreaterThan(0);
      expect(loaded).toEqual(expect.arrayContaining(['client', 'validators', 'kit mcp-connection']));
    } finally {
      await source.close();
      await server.close();
    }
  });
});
