import { type Agent, type ContinuationOptions, defineAgent, handoffTo } from '@callable-flows/kit/agent/index.js';
import { callerUid } from '@callable-flows/kit/callable/index.js';
import { KitError, type Model } from '@callable-flows/kit/index.js';
import { mcpTools } from '@callable-flows/kit/mcp/index.js';
import type { SessionStore } from '@callable-flows/kit/session/index.js';
import { type ActionContext, approversWithClaim } from '@callable-flows/kit/tools/index.js';
import { REFUND_APPROVER_CLAIM } from './refund-order.js';
import { refundShown, refundWords } from './refund-words.js';
import { APPROVER_HEADER, CUSTOMER_HEADER } from './refunds-mcp-key.js';

/** The refunds agent's name: the session's `agent` while it is in charge. */
export const REFUNDS_AGENT = 'refunds';

/** The refunds agent's instructions. */
export const REFUNDS_SYSTEM = [
  "You are the refunds desk of an online shop; the shop's assistant handed the conversation to you.",
  'Call checkRefund for the order first; never guess whether an order can be refunded.',
  'If it can, call refundOrder with the order id, its item, status and total (amountCents) as checkRefund said, and the user’s reason: a manager approves it before anything changes. Never say an order is refunded until refundOrder says so.',
  'If the user asks about anything but a refund, hand the conversation back with transfer_to_orderAssistant.',
].join('\n');

/** What the refunds agent runs on. */
export interface RefundsAgentDeps {
  model: Model;
  /** The order assistant's store: a hand-off moves a session between agents, not stores. */
  store: SessionStore;
  /** The refunds MCP server's endpoint (the `refundsMcp` function). */
  mcpUrl: string | URL;
  /** The key the server checks (refunds-mcp-key.ts). */
  mcpKey: () => string | undefined;
  /** The agent the conversation is handed back to (the order assistant, defined after this one). */
  handBack: () => Agent<'queue' | 'interrupt'>;
  continuation?: ContinuationOptions;
}

/** Who approved the call, when the turn goes on with an approver's answer (`ctx.context.approvedBy`). */
function approverOf(context: ActionContext): string | undefined {
  const by = context.approvedBy as { uid?: unknown } | undefined;
  return typeof by?.uid === 'string' ? by.uid : undefined;
}

/**
 * The refunds agent: the order assistant hands refunds to it (`handoffTo`). Its tools come from
 * the example's own MCP server (`mcpTools`): `checkRefund` (read-only, trusted as such) and
 * `refundOrder`, which waits for a manager first (`approversWithClaim('manager')`: holders of the
 * claim answer it from their approvals inbox; the customer does not approve their own refund, nor
 * does a manager who is the customer: `excludeOwner`).
 * Each request names the customer (and, after the approval, the manager) to the server.
 */
export function defineRefundsAgent(deps: RefundsAgentDeps): Agent<'reject'> {
  const tools = mcpTools({
    url: deps.mcpUrl,
    name: 'refunds',
    approval: ['refundOrder'],
    approvers: approversWithClaim(REFUND_APPROVER_CLAIM, { excludeOwner: true }),
    approvalMetadata: refundWords,
    presentInput: refundShown,
    trustReadOnlyHints: true,
    timeoutMs: 10_000,
    headers: (context) => {
      const key = deps.mcpKey();
      if (!key) throw new KitError('failed-precondition', 'the refunds server has no key (REFUNDS_MCP_KEY)');
      const uid = callerUid(context);
      const approvedBy = approverOf(context);
      return {
        authorization: `Bearer ${key}`,
        ...(uid ? { [CUSTOMER_HEADER]: uid } : {}),
        ...(approvedBy ? { [APPROVER_HEADER]: approvedBy } : {}),
      };
    },
  });
  return defineAgent({
    name: REFUNDS_AGENT,
    model: deps.model,
    system: REFUNDS_SYSTEM,
    tools: [
      tools,
      handoffTo(deps.handBack, {
        name: 'transfer_to_orderAssistant',
        description: 'Hand the conversation back to the shop’s assistant, for anything but a refund.',
      }),
    ],
    maxTurns: 6,
    store: deps.store,
    ...(deps.continuation ? { continuation: deps.continuation } : {}),
  });
}
