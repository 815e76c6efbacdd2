import type { TurnTrace } from './turn-trace.js';
/** Where finished turn traces go (a log, a collection). A sink that fails never fails the turn. */
export type TraceSink = (trace: TurnTrace) => void | Promise<void>;
/** Hands `trace` to every sink and waits for them; a sink that throws is reported on the console, never rethrown. */
export declare function emitTrace(sinks: readonly TraceSink[], trace: TurnTrace): Promise<void>;
/** A one-line summary of a trace, for log messages. */
export declare function traceSummary(trace: TurnTrace): string;
