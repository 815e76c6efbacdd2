import type { CallResult, MessageResult } from '@callable-flows/protocol';
import type { AgentSendResult, AgentTurnResult } from '../agent/index.js';
/**
 * The wire form of an agent's turn: every key always present (null output, zero usage), so a
 * client can read it without guarding, and nothing the client wasn't promised.
 */
export declare function toCallResult(result: AgentTurnResult): CallResult;
/** The wire form of what `send` gave: a turn's result, or `queued` as it is. */
export declare function toMessageResult(result: AgentSendResult): MessageResult;
