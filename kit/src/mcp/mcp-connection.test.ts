import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpConnection } from './mcp-connection.js';
import { type McpTestServer, startMcpTestServer } from './test-utils/mcp-test-server.js';

let legacy: McpTestServer;
let modern: McpTestServer;
beforeAll(async () => {
  [legacy, modern] = await Promise.all([startMcpTestServer('legacy'), startMcpTestServer('modern')]);
});
afterAll(() => Promise.all([legacy.close(), modern.close()]));

const textOf = (answer: unknown) => ((answer as { content: { text: string }[] }).content[0] as { text: string }).text;

describe('McpConnection', () => {
  it('sends its own headers on every request, and one session serves its calls, when the server speaks 2025-11-25', async () => {
    const connection = new McpConnection(new URL(legacy.url), { authorization: 'Bearer ann' }, {}, () => {});
    try {
      await connection.listTools(5_000);
      const signal = new AbortController().signal;
      const answers = await Promise.all(['a', 'b'].map((text) => connection.callTool('echo', { text }, signal, 5_000)));
      expect(answers.map(textOf)).toEqual(['echo: a', 'echo: b']);
      expect(legacy.calls.every((call) => call.authorization === 'Bearer ann')).toBe(true);
      expect(legacy.methods.filter((m) => m === 'initialize')).toHaveLength(1);
    } finally {
      await connection.close();
    }
  });

  it('speaks statelessly, with no initialize and no session, when the server speaks 2026-07-28', async () => {
    const connection = new McpConnection(new URL(modern.url), { authorization: 'Bearer bob' }, {}, () => {});
    try {
      const listed = await connection.listTools(5_000);
      expect(listed.tools.map((t) => t.name)).toContain('ship');
      expect(textOf(await connection.callTool('echo', { text: 'hi' }, new AbortController().signal, 5_000))).toBe(
        'echo: hi',
      );
      expect(modern.methods).toContain('server/discover');
      expect(modern.methods).not.toContain('initialize');
    } finally {
      await connection.close();
    }
  });

  it('skips the probe of a server it found speaking 2025-11-25 when a second caller connects', async () => {
    const era = {};
    const first = new McpConnection(new URL(legacy.url), { authorization: 'Bearer cy' }, era, () => {});
    const second = new McpConnection(new URL(legacy.url), { authorization: 'Bearer dee' }, era, () => {});
    try {
      await first.listTools(5_000);
      const probes = legacy.methods.filter((m) => m === 'server/discover').length;
      await second.listTools(5_000);
      expect(legacy.methods.filter((m) => m === 'server/discover')).toHaveLength(probes);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
