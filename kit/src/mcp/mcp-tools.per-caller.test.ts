import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionContext } from '../tools/index.js';
import { mcpTools } from './mcp-tools.js';
import { type McpTestEra, type McpTestServer, startMcpTestServer } from './test-utils/mcp-test-server.js';

// A server that lists per user (each user's own tool, by the request's authorization): a source
// shares a list and a connection only between callers whose headers are equal.

const servers = new Map<McpTestEra, McpTestServer>();
beforeAll(async () => {
  for (const era of ['legacy', 'modern'] as const) servers.set(era, await startMcpTestServer(era));
});
afterAll(() => Promise.all([...servers.values()].map((server) => server.close())));

const asUser = (context: ActionContext) => ({ authorization: `Bearer ${String(context.user)}` });
const names = (tools: readonly { name: string }[]) => tools.map((t) => t.name).filter((n) => n.startsWith('mine_'));

describe.each(['legacy', 'modern'] as const)('mcpTools per caller (%s server)', (era) => {
  it('gives each user their own list, and calls as that user, when the server lists per user', async () => {
    const server = servers.get(era) as McpTestServer;
    const source = mcpTools({ url: server.url, name: 'per-user', headers: asUser });
    try {
      const [ann, bob] = await Promise.all([source.tools({ user: 'ann' }), source.tools({ user: 'bob' })]);
      expect(names(ann)).toEqual(['mine_ann']);
      expect(names(bob)).toEqual(['mine_bob']);
      // Warm: each user's list again, without listing again.
      const lists = server.methods.filter((m) => m === 'tools/list').length;
      expect(names(await source.tools({ user: 'ann' }))).toEqual(['mine_ann']);
      expect(server.methods.filter((m) => m === 'tools/list')).toHaveLength(lists);
      const result = await ann.find((t) => t.name === 'mine_ann')?.run({}, { ref: 'r1', context: { user: 'ann' } });
      expect(result?.output).toBe('hello ann');
      expect(server.calls.at(-1)?.authorization).toBe('Bearer ann');
    } finally {
      await source.close();
    }
  });

  it('shares one list between callers whose headers are equal', async () => {
    const server = servers.get(era) as McpTestServer;
    const source = mcpTools({ url: server.url, name: 'per-tenant', headers: () => ({ authorization: 'Bearer team' }) });
    try {
      const lists = server.methods.filter((m) => m === 'tools/list').length;
      const first = await source.tools({ user: 'ann' });
      expect(await source.tools({ user: 'bob' })).toBe(first);
      expect(server.methods.filter((m) => m === 'tools/list')).toHaveLength(lists + 1);
    } finally {
      await source.close();
    }
  });
});

describe('mcpTools and a 2026-07-28 server’s cache hint', () => {
  it('keeps a list as long as the server’s ttlMs says, over a listTtlMs that would list every time', async () => {
    const server = await startMcpTestServer('modern', 60_000);
    const source = mcpTools({ url: server.url, name: 'hinted', listTtlMs: 0 });
    try {
      const first = await source.tools({});
      expect(await source.tools({})).toBe(first);
      expect(server.methods.filter((m) => m === 'tools/list')).toHaveLength(1);
    } finally {
      await source.close();
      await server.close();
    }
  });

  it('lists on every use when the server gives no hint and listTtlMs is 0', async () => {
    const server = servers.get('modern') as McpTestServer;
    const source = mcpTools({ url: server.url, name: 'unhinted', listTtlMs: 0 });
    try {
      const lists = server.methods.filter((m) => m === 'tools/list').length;
      await source.tools({});
      await source.tools({});
      expect(server.methods.filter((m) => m === 'tools/list')).toHaveLength(lists + 2);
    } finally {
      await source.close();
    }
  });
});
