import type { QueuedResult } from '@callable-flows/protocol';
import type { WhileBusy } from '../runtime/index.js';
import type { AgentTurnResult } from '../turn/index.js';
/** What `send` resolves to: an agent that queues (`whileBusy: 'queue'`) may answer a message `queued` instead of its turn's result. */
export type AgentSendResult<W extends WhileBusy = WhileBusy> = W extends 'queue' ? AgentTurnResult | QueuedResult : AgentTurnResult;
