import { kitInstance } from '@callable-flows/client';
import { APPROVER_CLAIM } from './approver-role.js';

/**
 * The agent the app talks to and where it reads that agent's documents: the example deployment's
 * order assistant, or an instance of the `@callable-flows/agent-kit` Function Kit
 * (`kit-<instance>-agent`, its sessions and inbox under its collection prefix).
 */
export interface AgentTarget {
  /** The agent's callable. */
  callable: string;
  /** Its sessions' `agent` (the conversation list filters on it). */
  agent: string;
  /** The session collection (`watch`, the conversation list). */
  sessions: string;
  /** The approvals inbox (`watchApprovals`). */
  approvals: string;
  /**
   * The custom claim of the agent's approvers, whose holders get the Approvals view: the order
   * assistant's `manager`; a kit instance's from its `AGENT_APPROVERS=claim:<name>`, named to the
   * page as `approverClaim` (the address, or `KIT_APPROVER_CLAIM` when Vite runs), else `manager`.
   */
  approverClaim: string;
  /** The kit instance's id; undefined for the order assistant. */
  instance: string | undefined;
  /**
   * The agent queues a message sent while a turn runs (`whileBusy: 'queue'`): the order assistant
   * does (functions/src/flows/orders/order-assistant.ts); the kit's agent refuses it as busy.
   */
  queues: boolean;
  /** The example's `welcome` callable gives suggestions from the person's orders; a kit instance has none. */
  welcome: boolean;
}

/** Which kit instance the build names (`KIT_INSTANCE`, `KIT_COLLECTION_PREFIX` when Vite runs): none for the order assistant. */
export interface AgentSetting {
  instance?: string;
  collectionPrefix?: string;
  approverClaim?: string;
}

const ORDER_ASSISTANT: AgentTarget = {
  callable: 'orderAssistant',
  agent: 'orderAssistant',
  sessions: 'sessions',
  approvals: 'approvals',
  approverClaim: APPROVER_CLAIM,
  instance: undefined,
  queues: true,
  welcome: true,
};

/**
 * The agent of this page: the kit instance its address names (`?instance=support`, with
 * `&prefix=ops_` when the instance's AGENT_COLLECTION_PREFIX is other than `<instance>_`), else
 * the one the build names, else the order assistant. A name that is no instance id throws.
 */
export function agentTargetOf(search: string, built: AgentSetting): AgentTarget {
  const params = new URLSearchParams(search);
  const named = params.get('instance') ?? undefined;
  const id = named ?? built.instance;
  if (!id) return ORDER_ASSISTANT;
  const collectionPrefix = (named ? params.get('prefix') : built.collectionPrefix) ?? undefined;
  const approverClaim = (named ? params.get('approverClaim') : built.approverClaim) || APPROVER_CLAIM;
  const instance = kitInstance(id, collectionPrefix ? { collectionPrefix } : {});
  return {
    callable: instance.callable,
    agent: instance.agent,
    sessions: instance.watch.sessions,
    approvals: instance.approvals.collection,
    approverClaim,
    instance: instance.id,
    queues: false,
    welcome: false,
  };
}
