import type { FinishReason } from './response.js';
import type { Usage } from './usage.js';
/** Where a generation is: a model call or a tool call started or finished, a round's tools settled. */
export type StepEvent = {
    type: 'model-started';
    model: string;
} | {
    type: 'model-finished';
    /** The model that answered (a route or a fallback may pick another than the one called), else the one called. */
    model: string;
    durationMs: number;
    outcome: 'ok' | 'error';
    finishReason?: FinishReason | undefined;
    usage?: Usage | undefined;
    toolRequests?: number;
    error?: unknown;
} | {
    type: 'tool-started';
    name: string;
    ref: string;
    resumed: boolean;
} | {
    type: 'tool-finished';
    name: string;
    ref: string;
    resumed: boolean;
    durationMs: number;
    outcome: 'ok' | 'interrupt' | 'error';
    error?: unknown;
} | {
    type: 'round-settled';
    interrupted: boolean;
    toolCalls: number;
};
/**
 * Sees every step of a generation as it happens (the stored turn trace is one). Called in line,
 * so it must not throw and must not wait: what it needs to keep, it copies.
 */
export type StepObserver = (event: StepEvent) => void;
