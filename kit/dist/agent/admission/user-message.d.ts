import { type Message } from '../../model/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { AgentInput } from '../turn/index.js';
/** The user message of a call, checked (also against what the agent's model can take); undefined for a resume. */
export declare function userMessage(rt: AgentRuntime, input: AgentInput): Message | undefined;
