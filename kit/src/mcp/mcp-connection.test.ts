import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpConnection } from './mcp-connection.js';
import { type McpTestServer, startMcpTestServer } from './test-utils/mcp-test-server.js';

let server: McpTestServer;
beforeAll(async () => {
  server = await startMcpTestServer();
});
afterAll(() => server.close());

describe('McpConnection', () => {
  it('sends each call’s own headers on the one connection when callers call at once', async () => {
    const connection = new McpConnection(server.url, () => {});
    try {
      await connection.listTools({ authorization: 'Bearer lister' }, 5_000);
      const signal = new AbortController().signal;
      const calls = ['ann', 'bob', 'cy', 'dee'].map((who) =>
        connection.callTool('echo', { text: who }, { authorization: `Bearer ${who}` }, signal, 5_000),
      );
      const results = await Promise.all(calls);
      expect(results.map((r) => (r.content[0] as { text: string }).text)).toEqual([
        'echo: ann',
        'echo: bob',
        'echo: cy',
        'echo: dee',
      ]);
      // Each call's POST carried its own caller's header, never another's.
      const echoes = server.calls.filter((c) => c.name === 'echo');
      expect(echoes).toHaveLength(4);
      for (const call of echoes) expect(call.authorization).toBe(`Bearer ${(call.args as { text: string }).text}`);
      expect(server.methods.filter((m) => m === 'initialize')).toHaveLength(1);
    } finally {
      await connection.close();
    }
  });
});
