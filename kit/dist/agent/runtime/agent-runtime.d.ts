import type { z } from 'zod';
import { type OutputOptions, type StopCondition } from '../../generate/index.js';
import type { Model, ModelMiddleware, Part } from '../../model/index.js';
import type { SessionStore } from '../../session/session-store.js';
import type { Tool } from '../../tools/index.js';
import type { TraceSink } from '../../trace/index.js';
import { type ResolvedContinuation } from '../continuation-queue/index.js';
import { type AgentConfig, type WhileBusy } from './agent-config.js';
import { GivenUpLeases } from './given-up-leases.js';
import type { TurnTiming } from './turn-timing.js';
/** Compression with every default filled in. */
export interface ResolvedCompression {
    keepTurns: number;
    triggerTurns: number;
    model: Model;
    instructions: string;
    maxSummaryChars: number;
}
/** An agent's configuration with every default filled in. */
export interface AgentRuntime {
    name: string;
    model: Model;
    system: string | Part[] | undefined;
    tools: Tool[];
    toolMap: Map<string, Tool>;
    maxTurns: number;
    stopWhen: StopCondition | StopCondition[] | undefined;
    /** The state schema and the state of a new session, when the agent keeps one. */
    state: {
        schema: z.ZodType;
        initial: unknown;
    } | undefined;
    config: Record<string, unknown> | undefined;
    output: OutputOptions | undefined;
    use: ModelMiddleware[];
    compression: ResolvedCompression | undefined;
    store: SessionStore;
    timing: TurnTiming;
    keepResults: number;
    traces: TraceSink[];
    /** Leases this instance's failed turns gave up without a write that says so. */
    givenUp: GivenUpLeases;
    /** Where a turn is handed for the server to go on with it if its instance dies (none: a client retries). */
    continuation: ResolvedContinuation | undefined;
    whileBusy: WhileBusy;
    maxQueued: number;
    /** The queue runs under way on this instance, by session (each waits for the one before). */
    queueRuns: Map<string, Promise<unknown>>;
}
/** Fills in the defaults of an agent's configuration and checks it. */
export declare function resolveAgent<O extends z.ZodType>(config: AgentConfig<O>): AgentRuntime;
