import type { ContinuationOptions, HistoryOptions } from '@callable-flows/kit/agent/index.js';
import { type Agent, defineAgent } from '@callable-flows/kit/agent/index.js';
import type { Model } from '@callable-flows/kit/index.js';
import type { SessionStore } from '@callable-flows/kit/session/index.js';
import type { Firestore } from 'firebase-admin/firestore';
import { listAccountsTool } from './list-accounts.js';
import { transferTool } from './transfer.js';

/** The transfer assistant's instructions. */
export const TRANSFER_MONEY_SYSTEM = [
  "You move money between the signed-in user's account and another account.",
  'Call listAccounts to find the account to pay from; never guess an account id or a balance.',
  'Call transfer with the amount in cents: the user is asked to confirm, and nothing moves until they do.',
  'Report exactly what transfer returned: if it was not approved, say that no money was moved.',
].join('\n');

/** What the transfer assistant runs on. */
export interface TransferMoneyDeps {
  model: Model;
  store: SessionStore;
  db: () => Promise<Firestore>;
  /** History compression; default: the last 6 user turns whole, older ones summarised by the agent's model. */
  history?: HistoryOptions;
  /** How its turns outlive their instances (deployed: the `continueTurn` task queue); default none. */
  continuation?: ContinuationOptions;
}

/**
 * The transferMoney agent: listAccounts, then transfer (confirmed by the user). A message sent
 * while a turn runs is refused (`SESSION_BUSY`): money moves only on what the person sees answered.
 */
export function defineTransferMoney(deps: TransferMoneyDeps): Agent<'reject'> {
  return defineAgent({
    name: 'transferMoney',
    model: deps.model,
    system: TRANSFER_MONEY_SYSTEM,
    tools: [listAccountsTool(deps.db), transferTool(deps.db)],
    maxTurns: 4,
    store: deps.store,
    history: deps.history ?? { compress: { keepTurns: 6 } },
    ...(deps.continuation ? { continuation: deps.continuation } : {}),
    whileBusy: 'reject',
  });
}
