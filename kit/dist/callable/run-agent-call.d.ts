import { type MessageResult, type StopResult } from '@callable-flows/protocol';
import type { Agent, WhileBusy } from '../agent/index.js';
import type { CallContext } from './call-context.js';
/**
 * One call of an agent over the wire: parse the data, run the turn as the caller, return the
 * wire result (`queued` from an agent that queued the message); or, for `{ sessionId, stop: true }`, stop the turn running on the session.
 */
export declare function runAgentCall(agent: Agent<WhileBusy>, call: CallContext): Promise<MessageResult | StopResult>;
