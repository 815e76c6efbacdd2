import type { ContinuationOptions } from '@callable-flows/kit/agent/index.js';
import { type Agent, defineAgent } from '@callable-flows/kit/agent/index.js';
import { mcpTools } from '@callable-flows/kit/mcp/index.js';
import type { Model } from '@callable-flows/kit/model/index.js';
import type { ApprovalWaitingHook } from '@callable-flows/kit/notify/index.js';
import type { SessionStore } from '@callable-flows/kit/session/index.js';
import { type Approvers, approversIn, approversWithClaim } from '@callable-flows/kit/tools/index.js';
import type { ApproverSetting } from './approver-setting.js';
import type { InstanceConfig } from './instance-config.js';
import type { McpServerSetting } from './mcp-server-list.js';

function approversOf(setting: ApproverSetting): Approvers {
  if (setting.kind === 'claim') return approversWithClaim(setting.claim);
  if (setting.kind === 'uids') return approversIn(setting.uids);
  return 'owner';
}

function serverTools(server: McpServerSetting, config: InstanceConfig) {
  const prefix = `${server.name}_`;
  const { approvalTools } = config;
  return mcpTools({
    url: server.url,
    name: server.name,
    prefix,
    // The param names tools as the model sees them (`<server>_<tool>`); the source asks by the server's name.
    approval: approvalTools === '*' ? true : (tool) => approvalTools.has(prefix + tool.name),
    approvers: approversOf(config.approvers),
    headers: { ...server.headers },
  });
}

/** What the instance's agent runs on besides its params. */
export interface KitAgentDeps {
  model: Model;
  store: SessionStore;
  continuation?: ContinuationOptions;
  /** Told of each call that waits for an approver (the deployed instance: a push to their devices). */
  onApprovalWaiting?: ApprovalWaitingHook;
}

/**
 * The instance's agent: its model, instructions and MCP tools as the params say, its calls that
 * need approval waiting for the configured approvers; what else it runs on (its model, store,
 * continuation queue, who is told of a waiting approval) comes in `deps`.
 */
export function defineKitAgent(config: InstanceConfig, deps: KitAgentDeps): Agent {
  return defineAgent({
    name: config.agentName,
    model: deps.model,
    system: config.system,
    tools: config.mcpServers.map((server) => serverTools(server, config)),
    store: deps.store,
    waitingApprovals: { perOwner: config.waitingPerUser },
    ...(deps.continuation ? { continuation: deps.continuation } : {}),
    ...(deps.onApprovalWaiting ? { onApprovalWaiting: deps.onApprovalWaiting } : {}),
  });
}
