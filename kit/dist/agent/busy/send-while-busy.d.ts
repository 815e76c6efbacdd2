import type { AgentCallContext, AgentInput } from '../turn/index.js';
import { type QueueDeps } from './run-queued.js';
import type { AgentSendResult } from './send-result.js';
/**
 * One call of an agent under its `whileBusy`: `reject` runs the turn as is (a running turn refuses
 * it `SESSION_BUSY`); `queue` queues a message that finds a turn running or messages waiting
 * (`queueMessage`) and runs the queue on after each turn; `interrupt` stops the running turn and
 * answers the message. A retry of the running turn's own call is never queued nor lets it be stopped.
 * Resumes and first messages (no session yet) always run as they are.
 */
export declare function sendWhileBusy(deps: QueueDeps, sessionId: string | undefined, input: AgentInput, ctx: AgentCallContext): Promise<AgentSendResult>;
