import { abortError, KitError } from '../errors/index.js';
import { type CoarseTimer, cancelCoarseTimer, startCoarseTimer } from './coarse-timer.js';

/** What a body run under {@link runWithLimits} gets: a signal made only if it asks for one. */
export interface LimitedRun {
  readonly signal: AbortSignal;
}

/**
 * A run's signal, made lazily: most tools never read their signal, and a controller per call
 * adds up. A class, not an object literal with a getter: one small object per call, the getter
 * shared; a tool call's context extends it, so a call has one object for both.
 */
export class LazySignal implements LimitedRun {
  controller: AbortController | undefined;
  get signal(): AbortSignal {
    this.controller ??= new AbortController();
    return this.controller.signal;
  }

  /**
   * Aborts the run with `reason`. Its controller is made here if nobody read the signal yet, so a
   * body that first reads it after the abort (`await step(); if (ctx.signal.aborted) …`) finds
   * it aborted with the same reason an early reader got; a run never aborted makes none.
   */
  abortRun(reason: unknown): void {
    this.controller ??= new AbortController();
    this.controller.abort(reason);
  }
}

/** Limits from this long on are watched by the shared coarse ticker, not a Node timer per call. */
const COARSE_FROM_MS = 1000;

/** A limit of its own: a finite `timeoutMs`. `Infinity` means none. */
const hasTimeout = (timeoutMs: number): boolean => Number.isFinite(timeoutMs);

/**
 * Where a limited run's outcome goes: exactly one of `settle` and `fail` is called, once, maybe
 * before {@link runWithLimitsInto} returns; neither may throw. A caller that keeps a record per
 * call anyway (a tool call) makes that record the sink, and the run needs no promise of its own.
 */
export abstract class LimitSink<R> {
  abstract settle(value: R): void;
  abstract fail(error: unknown): void;
}

/** Maps `value` and hands it to `sink`; a throwing `map` fails the run instead. */
function deliver<T, R>(value: T, map: (value: T) => R, sink: LimitSink<R>): void {
  let mapped: R;
  try {
    mapped = map(value);
  } catch (error) {
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
class Race<T, R> implements CoarseTimer {
  coarseAt = 0;
  coarsePrev: CoarseTimer | undefined = undefined;
  coarseNext: CoarseTimer | undefined = undefined;
  #over = false;
  #timer: NodeJS.Timeout | undefined = undefined;
  readonly #what: string;
  readonly #timeoutMs: number;
  readonly #parent: AbortSignal | undefined;
  readonly #run: LazySignal;
  readonly #map: (value: T) => R;
  readonly #sink: LimitSink<R>;

  constructor(
    what: string,
    timeoutMs: number,
    parent: AbortSignal | undefined,
    run: LazySignal,
    map: (value: T) => R,
    sink: LimitSink<R>,
  ) {
    this.#what = what;
    this.#timeoutMs = timeoutMs;
    this.#parent = parent;
    this.#run = run;
    this.#map = map;
    this.#sink = sink;
  }

  /** Starts the clock and listens to the parent, then waits for `body`. */
  start(body: PromiseLike<T>): void {
    const timeoutMs = this.#timeoutMs;
    if (hasTimeout(timeoutMs)) {
      if (timeoutMs >= COARSE_FROM_MS) startCoarseTimer(this, timeoutMs);
      else this.#timer = setTimeout(() => this.onDeadline(), timeoutMs);
    }
    const parent = this.#parent;
    parent?.addEventListener('abort', this, { once: true });
    // The body ran before this listener existed: it may have aborted the parent itself.
    if (parent?.aborted) this.handleEvent();
    body.then(
      (value) => this.#bodySettled(value),
      (error: unknown) => this.#bodyFailed(error),
    );
  }

  /** The parent's abort. */
  handleEvent(): void {
    this.#cutShort(abortError(this.#parent, this.#what));
  }

  /** The timeout. */
  onDeadline(): void {
    this.#cutShort(new KitError('deadline-exceeded', `${this.#what} timed out after ${this.#timeoutMs} ms`));
  }

  #bodySettled(value: T): void {
    if (this.#end()) deliver(value, this.#map, this.#sink);
  }

  #bodyFailed(error: unknown): void {
    if (this.#end()) this.#sink.fail(error);
  }

  /** The body loses: its signal fires with `error`, and the sink is told it. */
  #cutShort(error: KitError): void {
    if (!this.#end()) return;
    this.#run.abortRun(error);
    this.#sink.fail(error);
  }

  /** Ends the race, cancelling the clock and the listener; false when it had ended already. */
  #end(): boolean {
    if (this.#over) return false;
    this.#over = true;
    if (this.#timer) clearTimeout(this.#timer);
    else cancelCoarseTimer(this);
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
export function runWithLimitsInto<A, S extends LazySignal, T, R>(
  what: string,
  timeoutMs: number,
  parent: AbortSignal | undefined,
  body: (arg: A, run: S) => PromiseLike<T> | T,
  arg: A,
  run: S,
  map: (value: T) => R,
  sink: LimitSink<R>,
): void {
  if (parent?.aborted) {
    sink.fail(abortError(parent, what));
    return;
  }
  let started: PromiseLike<T> | T;
  try {
    started = body(arg, run);
  } catch (error) {
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
  started.then(
    (value) => deliver(value, map, sink),
    (error: unknown) => sink.fail(error),
  );
}

/**
 * A sink read as a promise: an outcome delivered before {@link promise} is asked for becomes a
 * settled promise (no resolvers made); a later one settles the promise made then.
 */
export class PromiseSink<R> extends LimitSink<R> {
  state: 'pending' | 'settled' | 'failed' = 'pending';
  value: R | undefined;
  error: unknown;
  resolve: ((value: R) => void) | undefined;
  reject: ((error: unknown) => void) | undefined;

  override settle(value: R): void {
    if (this.resolve) this.resolve(value);
    else {
      this.state = 'settled';
      this.value = value;
    }
  }

  override fail(error: unknown): void {
    if (this.reject) this.reject(error);
    else {
      this.state = 'failed';
      this.error = error;
    }
  }

  /** The outcome as a promise; asked for once, after the run started. */
  promise(): Promise<R> {
    if (this.state === 'settled') return Promise.resolve(this.value as R);
    if (this.state === 'failed') return Promise.reject(this.error);
    return new Promise<R>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }
}

/** `body(run)` for {@link runWithLimitsInto}: the body travels as its argument, so no closure per call. */
const callBody = <T>(body: (run: LimitedRun) => PromiseLike<T> | T, run: LazySignal): PromiseLike<T> | T => body(run);

/**
 * {@link runWithLimitsInto} as a promise: `body` runs until it settles, the timeout passes or
 * `parent` aborts, and its value is mapped with `map` in the same step (no extra promise).
 */
export function runWithLimits<T, R = T>(
  what: string,
  timeoutMs: number,
  parent: AbortSignal | undefined,
  body: (run: LimitedRun) => PromiseLike<T> | T,
  map: (value: T) => R = (value) => value as unknown as R,
): Promise<R> {
  const sink = new PromiseSink<R>();
  runWithLimitsInto(what, timeoutMs, parent, callBody<T>, body, new LazySignal(), map, sink);
  return sink.promise();
}

/** True for a promise (or anything with a `then`): a body that did not answer at once. */
export function isThenable<T>(value: PromiseLike<T> | T): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
