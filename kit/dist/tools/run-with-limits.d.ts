/** What a body run under {@link runWithLimits} gets: a signal made only if it asks for one. */
export interface LimitedRun {
    readonly signal: AbortSignal;
}
/**
 * A run's signal, made lazily: most tools never read their signal, and a controller per call
 * adds up. A class, not an object literal with a getter: one small object per call, the getter
 * shared; a tool call's context extends it, so a call has one object for both.
 */
export declare class LazySignal implements LimitedRun {
    controller: AbortController | undefined;
    get signal(): AbortSignal;
    /**
     * Aborts the run with `reason`. Its controller is made here if nobody read the signal yet, so a
     * body that first reads it after the abort (`await step(); if (ctx.signal.aborted) …`) finds
     * it aborted with the same reason an early reader got; a run never aborted makes none.
     */
    abortRun(reason: unknown): void;
}
/**
 * Where a limited run's outcome goes: exactly one of `settle` and `fail` is called, once, maybe
 * before {@link runWithLimitsInto} returns; neither may throw. A caller that keeps a record per
 * call anyway (a tool call) makes that record the sink, and the run needs no promise of its own.
 */
export declare abstract class LimitSink<R> {
    abstract settle(value: R): void;
    abstract fail(error: unknown): void;
}
/**
 * Runs `body(arg, run)` until it settles, the timeout passes or `parent` aborts, whichever is
 * first, and hands its value, mapped with `map`, to `sink` (or the failure). The body's signal
 * (`run`'s) fires in the last two cases; a body that ignores it is abandoned, so a stuck tool
 * can never hold the turn past its limit. A body that answers at once is delivered before this
 * returns; with no timeout (`Infinity`) and no parent, the body's own promise is all there is:
 * no timer, no race.
 */
export declare function runWithLimitsInto<A, S extends LazySignal, T, R>(what: string, timeoutMs: number, parent: AbortSignal | undefined, body: (arg: A, run: S) => PromiseLike<T> | T, arg: A, run: S, map: (value: T) => R, sink: LimitSink<R>): void;
/**
 * A sink read as a promise: an outcome delivered before {@link promise} is asked for becomes a
 * settled promise (no resolvers made); a later one settles the promise made then.
 */
export declare class PromiseSink<R> extends LimitSink<R> {
    state: 'pending' | 'settled' | 'failed';
    value: R | undefined;
    error: unknown;
    resolve: ((value: R) => void) | undefined;
    reject: ((error: unknown) => void) | undefined;
    settle(value: R): void;
    fail(error: unknown): void;
    /** The outcome as a promise; asked for once, after the run started. */
    promise(): Promise<R>;
}
/**
 * {@link runWithLimitsInto} as a promise: `body` runs until it settles, the timeout passes or
 * `parent` aborts, and its value is mapped with `map` in the same step (no extra promise).
 */
export declare function runWithLimits<T, R = T>(what: string, timeoutMs: number, parent: AbortSignal | undefined, body: (run: LimitedRun) => PromiseLike<T> | T, map?: (value: T) => R): Promise<R>;
/** True for a promise (or anything with a `then`): a body that did not answer at once. */
export declare function isThenable<T>(value: PromiseLike<T> | T): value is PromiseLike<T>;
