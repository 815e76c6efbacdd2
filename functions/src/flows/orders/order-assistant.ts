import type { Firestore } from 'firebase-admin/firestore';
import type { Model } from '../../kit/index.js';
import { type Agent, defineAgent, type HistoryOptions, type SessionStore } from '../../kit/session/index.js';
import { finishTool } from '../finish-tool.js';
import { cancelOrderTool } from './cancel-order.js';
import { queryOrderTool } from './query-order.js';

/** The order assistant's instructions (after the multi-turn agent article). */
export const ORDER_ASSISTANT_SYSTEM = [
  'You are the customer-service assistant of an online shop. You help the signed-in user with their own orders.',
  'Always call queryOrder before saying anything about an order; never guess a status, a date or an id.',
  'If you do not know which order the user means, ask for its id.',
  'To cancel, call cancelOrder: the user is asked to confirm before anything changes; never say an order is cancelled until cancelOrder says so.',
  'When the request is handled, call finish with a one-sentence summary, then reply with that summary.',
].join('\n');

/** What the order assistant runs on. */
export interface OrderAssistantDeps {
  model: Model;
  store: SessionStore;
  db: () => Promise<Firestore>;
  /** History compression; default: the last 6 user turns whole, older ones summarised by the agent's model. */
  history?: HistoryOptions;
}

/** The order assistant agent: queryOrder, cancelOrder (confirmed by the user), finish; 8 tool rounds. */
export function defineOrderAssistant(deps: OrderAssistantDeps): Agent {
  return defineAgent({
    name: 'orderAssistant',
    model: deps.model,
    system: ORDER_ASSISTANT_SYSTEM,
    tools: [queryOrderTool(deps.db), cancelOrderTool(deps.db), finishTool()],
    maxTurns: 8,
    store: deps.store,
    history: deps.history ?? { compress: { keepTurns: 6 } },
  });
}
