import { KitError } from '../../errors/index.js';
import type { Message } from '../../model/index.js';
import type { TurnQueue } from '../../session/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { AgentCallContext, AgentInput } from '../turn/index.js';
import { type QueueDeps } from './run-queued.js';
import type { AgentSendResult } from './send-result.js';
/** The session's queue; a store without one can't queue (`unimplemented`). */
export declare function queueOf(rt: AgentRuntime): TurnQueue;
/** The refusal of a message when `maxQueued` wait already. */
export declare function queueFull(sessionId: string, maxQueued: number): KitError;
/**
 * Queues a message behind the running turn (or the messages already waiting) on `sessionId`, and
 * answers `queued` with its place. A request id the session knows already is answered as any call
 * with it (its stored result); one that waits already is told its place again, never queued twice.
 * If the session was given up before the message landed in the queue (the running turn had looked
 * at the queue already), this call runs the queue itself up to its own message and answers with
 * that message's result. Owner, agent and the message are checked before anything is stored.
 */
export declare function queueMessage(deps: QueueDeps, sessionId: string, input: AgentInput, ctx: AgentCallContext, message: Message): Promise<AgentSendResult<'queue'>>;
