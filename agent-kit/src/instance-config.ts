import { KitError } from '@callable-flows/kit/errors/index.js';
import { isCollectionPrefix } from '@callable-flows/kit/setup/prefixed-firestore-config.js';
import { type ApproverSetting, parseApproverSetting } from './approver-setting.js';
import { instanceSecretName } from './instance-secret.js';
import { type McpServerSetting, parseMcpServers } from './mcp-server-list.js';

/** Which model answers. */
export type ModelSetting =
  | { provider: 'gemini-api'; model: string }
  | { provider: 'vertex'; model: string; project: string | undefined; location: string };

/** The usage limits per user; a limit left out is no limit. */
export interface InstanceLimits {
  callsPerMinute?: number;
  tokensPerUserPerDay?: number;
}

/** One instance of the kit, as its params configure it. */
export interface InstanceConfig {
  /** The agent's name: its sessions' `agent` ({@link agentNameOf}). */
  agentName: string;
  model: ModelSetting;
  system: string;
  mcpServers: McpServerSetting[];
  /** The tools whose calls wait for approval, by their `<server>_<tool>` names; `'*'` for all. */
  approvalTools: '*' | ReadonlySet<string>;
  approvers: ApproverSetting;
  /** Approvals one user may have waiting at once (`AGENT_WAITING_APPROVALS_PER_USER`; 0 there: Infinity). */
  waitingPerUser: number;
  /** Put before every collection of the instance (sessions, approvals, usage counters). */
  collectionPrefix: string;
}

function refused(message: string): KitError {
  return new KitError('failed-precondition', message);
}

function readCount(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const count = Number(text);
  if (!Number.isSafeInteger(count) || count < 0) throw refused(`${name} must be a whole number ≥ 0, not '${text}'`);
  return count;
}

function readModel(env: NodeJS.ProcessEnv): ModelSetting {
  const model = env.AGENT_MODEL?.trim() || 'gemini-2.5-flash';
  const provider = env.AGENT_MODEL_PROVIDER?.trim() || 'gemini-api';
  if (provider === 'gemini-api') return { provider, model };
  if (provider !== 'vertex') throw refused(`AGENT_MODEL_PROVIDER must be 'gemini-api' or 'vertex', not '${provider}'`);
  const project = env.AGENT_VERTEX_PROJECT?.trim() || env.GCLOUD_PROJECT || undefined;
  return { provider, model, project, location: env.AGENT_VERTEX_LOCATION?.trim() || 'us-central1' };
}

function readApprovalTools(value: string | undefined): '*' | ReadonlySet<string> {
  const names = (value ?? '*')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return names.includes('*') ? '*' : new Set(names);
}

/** The instance's id (`FIREBASE_KIT_INSTANCE_ID`, set by the Firebase CLI); undefined outside a kit instance. */
export function instanceIdOf(env: NodeJS.ProcessEnv): string | undefined {
  return env.FIREBASE_KIT_INSTANCE_ID?.trim() || undefined;
}

/** The agent's name, its sessions' `agent`: the instance's id, or `agent` outside a kit instance. */
export function agentNameOf(env: NodeJS.ProcessEnv): string {
  return instanceIdOf(env) ?? 'agent';
}

/** The per-user limits of `AGENT_CALLS_PER_MINUTE` and `AGENT_TOKENS_PER_DAY` (0: none). */
export function limitsOf(env: NodeJS.ProcessEnv): InstanceLimits {
  const calls = readCount(env, 'AGENT_CALLS_PER_MINUTE', 30);
  const tokens = readCount(env, 'AGENT_TOKENS_PER_DAY', 500_000);
  return {
    ...(calls > 0 ? { callsPerMinute: calls } : {}),
    ...(tokens > 0 ? { tokensPerUserPerDay: tokens } : {}),
  };
}

/** `AGENT_COLLECTION_PREFIX`, else the instance's id and `_`, so two instances never share a collection. */
export function collectionPrefixOf(env: NodeJS.ProcessEnv): string {
  const instanceId = instanceIdOf(env);
  const prefix = env.AGENT_COLLECTION_PREFIX?.trim() || (instanceId ? `${instanceId}_` : '');
  // The prefixes `npx callable-flows-firestore --prefix` writes rules and indexes for.
  if (!isCollectionPrefix(prefix))
    throw refused(`AGENT_COLLECTION_PREFIX '${prefix}' is no collection id prefix: use letters, digits, '_' and '-'`);
  return prefix;
}

/**
 * The instance's usage counters (`<prefix>usageCounters`): what its callable's limits read and
 * what its session store charges each model call's tokens to, so a queued or approved turn counts.
 */
export const usageCollectionOf = (prefix: string): string => `${prefix}usageCounters`;

/**
 * The instance's configuration, read from the environment the functions get: the params'
 * values (kit-params.ts), the instance's secrets bound to them (instance-secret.ts) and `FIREBASE_KIT_INSTANCE_ID`, which the
 * Firebase CLI sets for each instance. A bad value is refused naming its param
 * (`failed-precondition`), before any turn starts.
 */
export function readInstanceConfig(env: NodeJS.ProcessEnv): InstanceConfig {
  return {
    agentName: agentNameOf(env),
    model: readModel(env),
    system: env.AGENT_SYSTEM_PROMPT?.trim() || 'You are a helpful assistant.',
    mcpServers: parseMcpServers(env.AGENT_MCP_SERVERS ?? '', env[instanceSecretName('AGENT_MCP_HEADERS', env)] ?? ''),
    approvalTools: readApprovalTools(env.AGENT_APPROVAL_TOOLS),
    approvers: parseApproverSetting(env.AGENT_APPROVERS ?? 'owner'),
    waitingPerUser: readCount(env, 'AGENT_WAITING_APPROVALS_PER_USER', 20) || Number.POSITIVE_INFINITY,
    collectionPrefix: collectionPrefixOf(env),
  };
}
