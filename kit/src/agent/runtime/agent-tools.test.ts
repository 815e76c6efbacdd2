import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedModel } from '../../models/scripted/index.js';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import { defineTool, type Tool, type ToolSource } from '../../tools/index.js';
import { resolveAgent } from './agent-runtime.js';
import { refreshAgentTools } from './agent-tools.js';

const tool = (name: string): Tool =>
  defineTool({ name, description: name, inputSchema: z.object({}) }, () => name) as unknown as Tool;
const own = tool('own');

/** A source whose list the test replaces; `async` lists behind a promise (a first listing). */
function source(list: readonly Tool[], async = false) {
  const s = {
    list,
    kind: 'tool-source' as const,
    name: 'remote',
    tools: () => (async ? Promise.resolve(s.list) : s.list),
  };
  return s satisfies ToolSource;
}

const agentWith = (...tools: (Tool | ToolSource)[]) =>
  resolveAgent({ name: 'chat', model: scriptedModel(['hi']), store: new InMemorySessionStore(), tools });

describe('refreshAgentTools', () => {
  it('does nothing and returns no promise for an agent without sources', () => {
    const rt = agentWith(own);
    const map = rt.toolMap;
    expect(refreshAgentTools(rt, {})).toBeUndefined();
    expect(rt.toolMap).toBe(map);
  });

  it('adds a source’s tools after the agent’s own once listed, and keeps the map while the list is the same', async () => {
    const remote = source([tool('search')], true);
    const rt = agentWith(own, remote);
    expect([...rt.toolMap.keys()]).toEqual(['own']);
    await refreshAgentTools(rt, {});
    expect([...rt.toolMap.keys()]).toEqual(['own', 'search']);
    const map = rt.toolMap;
    await refreshAgentTools(rt, {});
    expect(rt.toolMap).toBe(map);
  });

  it('rebuilds the map when a source hands over a new list', () => {
    const remote = source([tool('search')]);
    const rt = agentWith(own, remote);
    refreshAgentTools(rt, {});
    remote.list = [tool('search'), tool('fetch')];
    expect(refreshAgentTools(rt, {})).toBeUndefined();
    expect(rt.tools.map((t) => t.name)).toEqual(['own', 'search', 'fetch']);
  });

  it('refuses a source tool named like one of the agent’s own', () => {
    const rt = agentWith(own, source([tool('own')]));
    expect(() => refreshAgentTools(rt, {})).toThrow("two tools are named 'own'");
  });
});
