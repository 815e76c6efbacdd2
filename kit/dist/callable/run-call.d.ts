import type { CallableRequest } from 'firebase-functions/v2/https';
import type { Agent, AgentWarmup, WhileBusy } from '../agent/index.js';
import type { Flow } from '../flow/index.js';
import type { CallContext } from './call-context.js';
/**
 * The reads to start for `request` while it is admitted: an agent's session, and its queue for a
 * message (`Agent.warm`); none for a stop, a flow, or a call without a session.
 */
export declare function warmCall(target: Agent<WhileBusy> | Flow, request: CallableRequest<unknown>): AgentWarmup | undefined;
/** One call of an agent (the session wire protocol) or of a flow (its input in, its output out). */
export declare function runCall(target: Agent<WhileBusy> | Flow, call: CallContext): Promise<unknown>;
