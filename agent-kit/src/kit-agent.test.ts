import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { InMemorySessionStore } from '@callable-flows/kit/session/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInstanceConfig } from './instance-config.js';
import { defineKitAgent } from './kit-agent.js';
import { startToolsMcpServer, type ToolsMcpServer } from './test-utils/tools-mcp-server.js';

let server: ToolsMcpServer;
beforeAll(async () => {
  server = await startToolsMcpServer('refundOrder', 'k');
});
afterAll(() => server.close());

/** A model that calls the one tool it is given, then says it is done. */
function callingModel() {
  return scriptedModel((request) => {
    const answered = request.messages.at(-1)?.content.some((part) => 'toolResponse' in part);
    if (answered) return 'done';
    const tool = request.tools?.[0]?.name as string;
    return {
      message: { role: 'model', content: [{ toolRequest: { name: tool, input: { target: 'order-7' } } }] },
      finishReason: 'stop',
    };
  });
}

function agentFor(env: NodeJS.ProcessEnv) {
  const config = readInstanceConfig({
    FIREBASE_KIT_INSTANCE_ID: 'support',
    AGENT_MCP_SERVERS: `tools=${server.url}`,
    // The instance's own secret name (instance-secret.ts).
    AGENT_MCP_HEADERS_SUPPORT: JSON.stringify({ tools: { authorization: 'Bearer k' } }),
    ...env,
  });
  return defineKitAgent(config, { model: callingModel(), store: new InMemorySessionStore() });
}

describe('defineKitAgent', () => {
  it('waits for approval before a tool the param lists runs', async () => {
    const agent = agentFor({ AGENT_APPROVAL_TOOLS: 'tools_refundOrder', AGENT_APPROVERS: 'uids:mary' });
    const asked = await agent.send(undefined, { message: 'refund order-7' }, { uid: 'alice' });
    expect(asked.interrupts).toEqual([
      expect.objectContaining({ name: 'tools_refundOrder', input: { target: 'order-7' } }),
    ]);
    expect(server.effects.size).toBe(0);
  });

  it('runs a tool the param does not list without asking anyone', async () => {
    const agent = agentFor({ AGENT_APPROVAL_TOOLS: 'tools_somethingElse' });
    const done = await agent.send(undefined, { message: 'refund order-9' }, { uid: 'alice' });
    expect(done.interrupts).toEqual([]);
    expect([...server.effects.values()]).toEqual([{ tool: 'refundOrder', target: 'order-7' }]);
  });
});
