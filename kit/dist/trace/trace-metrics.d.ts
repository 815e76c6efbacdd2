import type { TurnTrace } from './turn-trace.js';
/** What the traces of one flow say (the multi-turn agent article's monitoring figures). */
export interface FlowMetrics {
    flow: string;
    turns: number;
    done: number;
    interrupted: number;
    failed: number;
    /**
     * Turns that ended with the model's answer (`done`, finish reason `stop`) over turns that
     * ended; interrupted turns go on in a resume, so they are not counted. Undefined when none ended.
     */
    successRate: number | undefined;
    /** Model calls per turn, on average (iterations of the generate loop). */
    avgModelCalls: number;
    p50LatencyMs: number;
    p95LatencyMs: number;
    inputTokens: number;
    outputTokens: number;
    /** Input + output tokens per turn, on average. */
    avgTokens: number;
    /** Estimated cost of all turns in US dollars (from the app's price table; 0 when unpriced). */
    costUsd: number;
    /** Estimated cost per turn, on average. */
    avgCostUsd: number;
    /** Model calls and cost per model name, over all turns. */
    byModel: Record<string, {
        calls: number;
        costUsd: number;
    }>;
}
/** The `p`-th percentile of `values` by nearest rank (0 for none). */
export declare function percentile(values: readonly number[], p: number): number;
/** The metrics of each flow that has traces, by flow name. */
export declare function flowMetrics(traces: readonly TurnTrace[]): FlowMetrics[];
/** The metrics as a plain-text table, one flow per row. */
export declare function formatMetrics(rows: readonly FlowMetrics[]): string;
