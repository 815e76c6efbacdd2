import type { ContinuationOptions, HistoryOptions } from '@callable-flows/kit/agent/index.js';
import { type Agent, defineAgent } from '@callable-flows/kit/agent/index.js';
import type { DocumentDb } from '@callable-flows/kit/firestore/index.js';
import type { Model } from '@callable-flows/kit/index.js';
import type { SessionStore } from '@callable-flows/kit/session/index.js';
import { z } from 'zod';
import { finishTool } from '../finish-tool.js';
import { cancelOrderTool } from './cancel-order.js';
import { queryOrderTool } from './query-order.js';
import { refundOrderTool } from './refund-order.js';
import { whichAddressInterrupt } from './which-address.js';

/** The order assistant's instructions (after the multi-turn agent article). */
export const ORDER_ASSISTANT_SYSTEM = [
  'You are the customer-service assistant of an online shop. You help the signed-in user with their own orders.',
  'Always call queryOrder before saying anything about an order; never guess a status, a date or an id.',
  'If you do not know which order the user means, ask for its id.',
  'To cancel, call cancelOrder: the user is asked to confirm before anything changes; never say an order is cancelled until cancelOrder says so.',
  'To refund an order that has shipped or been delivered, call refundOrder: a manager approves it; never say an order is refunded until refundOrder says so.',
  'If the user wants an order delivered elsewhere and gave no address, call whichAddress to ask them; you cannot change addresses yourself, so pass the address on to support in your summary.',
  'When the request is handled, reply with a one-sentence summary and call finish with it in the same message.',
].join('\n');

/** What the order assistant runs on. */
export interface OrderAssistantDeps {
  model: Model;
  store: SessionStore;
  /** The orders' Firestore: documents by path and transactions, no queries (deployed: the turns' client). */
  db: () => Promise<DocumentDb>;
  /** History compression; default: the last 6 user turns whole, older ones summarised by the agent's model. */
  history?: HistoryOptions;
  /** How its turns outlive their instances (deployed: the `continueTurn` task queue); default none. */
  continuation?: ContinuationOptions;
  /** What a message sent while a turn runs does: `queue` (default) or `interrupt`. */
  whileBusy?: 'queue' | 'interrupt';
}

/** What the order assistant keeps with a session: the orders it has looked up in it. */
export const OrderAssistantStateSchema = z.object({ lookedUp: z.array(z.string()).max(50) });
export type OrderAssistantState = z.infer<typeof OrderAssistantStateSchema>;

/**
 * The order assistant agent: queryOrder (which remembers the orders it looked up in the
 * session's state), cancelOrder (confirmed by the user), refundOrder (approved by a manager,
 * from their approvals inbox), whichAddress (a question), finish
 * (ends the turn); 8 tool rounds. A message sent while a turn runs is queued and answered right
 * after it ("and also order B-2002?" while the first answer is still being written).
 */
export function defineOrderAssistant(deps: OrderAssistantDeps): Agent<'queue' | 'interrupt'> {
  return defineAgent({
    name: 'orderAssistant',
    model: deps.model,
    system: ORDER_ASSISTANT_SYSTEM,
    tools: [
      queryOrderTool(deps.db),
      cancelOrderTool(deps.db),
      refundOrderTool(deps.db),
      whichAddressInterrupt(),
      finishTool(),
    ],
    maxTurns: 8,
    store: deps.store,
    state: OrderAssistantStateSchema,
    initialState: { lookedUp: [] },
    history: deps.history ?? { compress: { keepTurns: 6 } },
    ...(deps.continuation ? { continuation: deps.continuation } : {}),
    whileBusy: deps.whileBusy ?? 'queue',
  });
}
