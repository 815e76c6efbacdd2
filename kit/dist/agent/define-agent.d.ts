import type { z } from 'zod';
import type { Agent } from './agent.js';
import { type AgentConfig, type WhileBusy } from './runtime/index.js';
/**
 * Defines a stateful chat flow. Each `send` loads the session (cache, then store), checks its
 * owner and takes its lease in a write that also journals the user message (or the resume's
 * answers, built from the stored tool requests). The turn is then a journal: each model message
 * that asks for tools is stored before they run, each tool result as it finishes, so a failed
 * turn is stored with exactly what ran, and a retry goes on from there without running any
 * recorded call again. A call with a `requestId` seen before gets the first call's result. Each
 * call is one `invoke_agent` span and, when it runs, a trace in the agent's (and the call's) trace sinks;
 * secrets are never stored. A message that finds a turn running is refused, queued (answered after
 * it, in order, by `runQueued`) or stops it first, as `whileBusy` says (`send-while-busy.ts`).
 */
export declare function defineAgent<O extends z.ZodType = z.ZodType, W extends WhileBusy = 'reject'>(config: AgentConfig<O> & {
    whileBusy?: W;
}): Agent<W>;
