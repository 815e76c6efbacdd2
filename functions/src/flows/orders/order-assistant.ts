import type { ContinuationOptions, HistoryOptions } from '@callable-flows/kit/agent/index.js';
import { type Agent, defineAgent, handoffTo, type WhileBusy } from '@callable-flows/kit/agent/index.js';
import type { DocumentDb } from '@callable-flows/kit/firestore/index.js';
import type { Model } from '@callable-flows/kit/index.js';
import type { SessionStore } from '@callable-flows/kit/session/index.js';
import { z } from 'zod';
import { finishTool } from '../finish-tool.js';
import { cancelOrderTool } from './cancel-order.js';
import { queryOrderTool } from './query-order.js';
import { whichAddressInterrupt } from './which-address.js';

/** The order assistant's instructions (after the multi-turn agent article). */
export const ORDER_ASSISTANT_SYSTEM = [
  'You are the customer-service assistant of an online shop. You help the signed-in user with their own orders.',
  'Always call queryOrder before saying anything about an order; never guess a status, a date or an id.',
  'If you do not know which order the user means, ask for its id.',
  'To cancel, call cancelOrder: the user is asked to confirm before anything changes; never say an order is cancelled until cancelOrder says so.',
  'For a refund, hand the conversation to the refunds desk with transfer_to_refunds: it checks the order and asks a manager; never say an order is refunded yourself.',
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
  /**
   * The refunds agent refunds are handed to (`transfer_to_refunds`, refunds/refunds-agent.ts), with
   * the same store. None: the assistant has no hand-off, and its instructions say nothing of refunds.
   */
  refunds?: Agent<WhileBusy>;
}

/** What the order assistant keeps with a session: the orders it has looked up in it. */
export const OrderAssistantStateSchema = z.object({ lookedUp: z.array(z.string()).max(50) });
export type OrderAssistantState = z.infer<typeof OrderAssistantStateSchema>;

/**
 * The order assistant agent: queryOrder (which remembers the orders it looked up in the
 * session's state), cancelOrder (confirmed by the user), transfer_to_refunds (hands the
 * conversation to the refunds agent, whose refund a manager approves from their approvals inbox),
 * whichAddress (a question), finish (ends the turn); 8 tool rounds. A message sent while a turn runs is queued and answered right
 * after it ("and also order B-2002?" while the first answer is still being written).
 */
export function defineOrderAssistant(deps: OrderAssistantDeps): Agent<'queue' | 'interrupt'> {
  return defineAgent({
    name: 'orderAssistant',
    model: deps.model,
    system: deps.refunds
      ? ORDER_ASSISTANT_SYSTEM
      : ORDER_ASSISTANT_SYSTEM.split('\n')
          .filter((line) => !line.includes('transfer_to_refunds'))
          .join('\n'),
    tools: [
      queryOrderTool(deps.db),
      cancelOrderTool(deps.db),
      ...(deps.refunds ? [handoffTo(deps.refunds, { name: 'transfer_to_refunds' })] : []),
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
