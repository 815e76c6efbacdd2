import { type FinishReason, type Part, type StepEvent, type StepObserver, type Usage } from '../model/index.js';
import type { TraceStep, TurnTrace } from './turn-trace.js';
/** What a trace starts from. */
export interface TurnTraceInit {
    flow: string;
    input: string | Part[] | unknown;
    sessionId?: string;
    uid?: string;
    /** Characters of the user's input kept. Default 200. */
    maxInputChars?: number;
}
/** What a finished turn reports to its trace: a generation's result or an agent's turn result has both. */
export type TurnEnd = {
    usage: Usage;
    finishReason: FinishReason;
};
/** Collects one turn's steps as a sink of generate's step events. */
export interface TurnRecorder {
    /** The step observer: pass it as `generate({ observer })`. */
    readonly observer: StepObserver;
    /** The finished trace, from the result (a generation's or an agent turn's) or the error the turn ended with. */
    finish(end: {
        result?: TurnEnd;
        error?: unknown;
        sessionId?: string;
    }): TurnTrace;
}
/** The trace step of a finished model or tool call; undefined for the events a trace does not keep. */
export declare function traceStepOf(event: StepEvent): TraceStep | undefined;
/** Starts recording a turn: its steps come from the observer, its end from `finish`. */
export declare function recordTurn(init: TurnTraceInit): TurnRecorder;
