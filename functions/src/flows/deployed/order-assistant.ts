import type { Agent, WhileBusy } from '@callable-flows/kit/agent/index.js';
import { flowHistory } from '../flow-history.js';
import { flowModel } from '../flow-model.js';
import { defineOrderAssistant } from '../orders/order-assistant.js';
import { nextOrderMove } from '../orders/order-script.js';
import { defineRefundsAgent } from '../refunds/refunds-agent.js';
import { refundsMcpKey } from '../refunds/refunds-mcp-key.js';
import { nextRefundsMove } from '../refunds/refunds-script.js';
import { playScript } from '../scripted-play.js';
import { turnFirestore } from '../turn-firestore.js';
import { deployedContinuation } from './continuation.js';
import { orderWhileBusyValue } from './order-while-busy.js';
import { refundsMcpUrl } from './refunds-mcp-url.js';
import { deployedSessionStore } from './session-store.js';

// The order assistant hands refunds to this agent, and it hands the rest back: each names the other.
let assistant: Agent<WhileBusy> | undefined;

/** The deployed refunds agent: its tools on the `refundsMcp` function's MCP server. */
export const refunds = defineRefundsAgent({
  model: flowModel('refunds', playScript(nextRefundsMove)),
  store: deployedSessionStore,
  mcpUrl: await refundsMcpUrl(),
  mcpKey: refundsMcpKey,
  handBack: () => assistant as Agent<'queue' | 'interrupt'>,
  continuation: deployedContinuation,
});

/** The deployed order assistant. */
export const orderAssistant = defineOrderAssistant({
  model: flowModel('orderAssistant', playScript(nextOrderMove)),
  store: deployedSessionStore,
  // Its tools read and write orders by path (no query): on the turns' client, so a tool turn
  // loads no firebase-admin (docs/benchmarks.md, the cold turn).
  db: turnFirestore,
  continuation: deployedContinuation,
  history: flowHistory('orderAssistant'),
  whileBusy: orderWhileBusyValue(),
  refunds,
});
assistant = orderAssistant;
