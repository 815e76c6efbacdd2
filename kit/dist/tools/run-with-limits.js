import { abortError, KitError } from '../errors/index.js';
import { cancelCoarseTimer, startCoarseTimer } from './coarse-timer.js';
/**
 * A run's signal, made lazily: most tools never read their signal, and a controller per call
 * adds up. A class, not an object literal with a getter: one small object per call, the getter
 * shared; a tool call's context extends it, so a call has one object for both.
 */
export class LazySignal {
    controller;
    get signal() {
        this.controller ??= new AbortController();
        return this.controller.signal;
    }
    /**
     * Aborts the run with `reason`. Its controller is made here if nobody read the signal yet, so a
     * body that first reads it after the abort (`await step(); if (ctx.signal.aborted) …`) finds
     * it aborted with the same reason an early reader got; a run never aborted makes none.
     */
    abortRun(reason) {
        this.controller ??= new AbortController();
        this.controller.abort(reason);
    }
}
/** Limits from this long on are watched by the shared coarse ticker, not a Node timer per call. */
const COARSE_FROM_MS = 1000;
/** A limit of its own: a finite `timeoutMs`. `Infinity` means none. */
const hasTimeout = (timeoutMs) => Number.isFinite(timeoutMs);
/**
 * Where a limited run's outcome goes: exactly one of `settle` and `fail` is called, once, maybe
 * before {@link runWithLimitsInto} returns; neither may throw. A caller that keeps a record per
 * call anyway (a tool call) makes that record the sink, and the run needs no promise of its own.
 */
export class LimitSink {
}
/** Maps `value` and hands it to `sink`; a throwing `map` fails the run instead. */
function deliver(value, map, sink) {
    let mapped;
    try {
        mapped = map(value);
    }
    catch (error) {
        sink.fail(error);
        return;
    }
    sink.settle(mapped);
}
/**
 * A body that did not answer at once, raced against its timeout and its parent's abort: whichever
 * ends first tells the sink, once, and the other two are cancelled. Made only for a run that has
 * a limit or a parent. It is its own deadline (the coarse ticker calls `onDeadline`) and its own
 * abort listener (`handleEvent`), so a race is this one object, not a closure per way of ending.
 * Its state once lived on every sink instead (no object of its own): measured against that
 * (`node --expose-gc lib/bench/limited-run-ab.js <base> <new>`, and alloc-per-call.ts on b8), this
 * object costs an async tool call 50–150 B, about 1 KiB (+3–5 %) per b8 iteration with async tools,
 * and saves a sync call about 100 B; no slower per call; engine times unchanged within the noise.
 */
class Race {
    coarseAt = 0;
    coarsePrev = undefined;
    coarseNext = undefined;
    #over = false;
    #timer = undefined;
    #what;
    #timeoutMs;
    #parent;
    #run;
    #map;
    #sink;
    constructor(what, timeoutMs, parent, run, map, sink) {
        this.#what = what;
        this.#timeoutMs = timeoutMs;
        this.#parent = parent;
        this.#run = run;
        this.#map = map;
        this.#sink = sink;
    }
    /** Starts the clock and listens to the parent, then waits for `body`. */
    start(body) {
        const timeoutMs = this.#timeoutMs;
        if (hasTimeout(timeoutMs)) {
            if (timeoutMs >= COARSE_FROM_MS)
                startCoarseTimer(this, timeoutMs);
            else
                this.#timer = setTimeout(() => this.onDeadline(), timeoutMs);
        }
        const parent = this.#parent;
        parent?.addEventListener('abort', this, { once: true });
        // The body ran before this listener existed: it may have aborted the parent itself.
        if (parent?.aborted)
            this.handleEvent();
        body.then((value) => this.#bodySettled(value), (error) => this.#bodyFailed(error));
    }
    /** The parent's abort. */
    handleEvent() {
        this.#cutShort(abortError(this.#parent, this.#what));
    }
    /** The timeout. */
    onDeadline() {
        this.#cutShort(new KitError('deadline-exceeded', `${this.#what} timed out after ${this.#timeoutMs} ms`));
    }
    #bodySettled(value) {
        if (this.#end())
            deliver(value, this.#map, this.#sink);
    }
    #bodyFailed(error) {
        if (this.#end())
            this.#sink.fail(error);
    }
    /** The body loses: its signal fires with `error`, and the sink is told it. */
    #cutShort(error) {
        if (!this.#end())
            return;
        this.#run.abortRun(error);
        this.#sink.fail(error);
    }
    /** Ends the race, cancelling the clock and the listener; false when it had ended already. */
    #end() {
        if (this.#over)
            return false;
        this.#over = true;
        if (this.#timer)
            clearTimeout(this.#timer);
        else
            cancelCoarseTimer(this);
        this.#parent?.removeEventListener('abort', this);
        return true;
    }
}
/**
 * Runs `body(arg, run)` until it settles, the timeout passes or `parent` aborts, whichever is
 * first, and hands its value, mapped with `map`, to `sink` (or the failure). The body's signal
 * (`run`'s) fires in the last two cases; a body that ignores it is abandoned, so a stuck tool
 * can never hold the turn past its limit. A body that answers at once is delivered before this
 * returns; with no timeout (`Infinity`) and no parent, the body's own promise is all there is:
 * no timer, no race.
 */
export function runWithLimitsInto(what, timeoutMs, parent, body, arg, run, map, sink) {
    if (parent?.aborted) {
        sink.fail(abortError(parent, what));
        return;
    }
    let started;
    try {
        started = body(arg, run);
    }
    catch (error) {
        sink.fail(error);
        return;
    }
    // A body that answered synchronously can't be stuck or outlive the caller: no timer, no race.
    if (!isThenable(started)) {
        deliver(started, map, sink);
        return;
    }
    if (hasTimeout(timeoutMs) || parent) {
        new Race(what, timeoutMs, parent, run, map, sink).start(started);
        return;
    }
    started.then((value) => deliver(value, map, sink), (error) => sink.fail(error));
}
/**
 * A sink read as a promise: an outcome delivered before {@link promise} is asked for becomes a
 * settled promise (no resolvers made); a later one settles the promise made then.
 */
export class PromiseSink extends LimitSink {
    state = 'pending';
    value;
    error;
    resolve;
    reject;
    settle(value) {
        if (this.resolve)
            this.resolve(value);
        else {
            this.state = 'settled';
            this.value = value;
        }
    }
    fail(error) {
        if (this.reject)
            this.reject(error);
        else {
            this.state = 'failed';
            this.error = error;
        }
    }
    /** The outcome as a promise; asked for once, after the run started. */
    promise() {
        if (this.state === 'settled')
            return Promise.resolve(this.value);
        if (this.state === 'failed')
            return Promise.reject(this.error);
        return new Promise((resolve, reject) => {
            this.resolve = resolve;
            this.reject = reject;
        });
    }
}
/** `body(run)` for {@link runWithLimitsInto}: the body travels as its argument, so no closure per call. */
const callBody = (body, run) => body(run);
/**
 * {@link runWithLimitsInto} as a promise: `body` runs until it settles, the timeout passes or
 * `parent` aborts, and its value is mapped with `map` in the same step (no extra promise).
 */
export function runWithLimits(what, timeoutMs, parent, body, map = (value) => value) {
    const sink = new PromiseSink();
    runWithLimitsInto(what, timeoutMs, parent, callBody, body, new LazySignal(), map, sink);
    return sink.promise();
}
/** True for a promise (or anything with a `then`): a body that did not answer at once. */
export function isThenable(value) {
    return typeof value?.then === 'function';
}
//# sourceMappingURL=run-with-limits.js.map