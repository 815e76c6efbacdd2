import type { QueuedResult } from '@callable-flows/protocol';
import type { WhileBusy } from '../runtime/index.js';
import type { AgentTurnResult } from '../turn/index.js';

/** What a message to an agent that queues (`whileBusy: 'queue'`) may get instead of its turn's result. */
export type QueuedTurn = QueuedResult;

/** What `send` resolves to: an agent that queues may answer a message `queued`. */
export type AgentSendResult<W extends WhileBusy = WhileBusy> = W extends 'queue'
  ? AgentTurnResult | QueuedTurn
  : AgentTurnResult;
