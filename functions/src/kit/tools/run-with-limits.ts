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
}

/**
 * Where a limited run's outcome goes: exactly one of the two is called, once, maybe before
 * {@link runWithLimitsInto} returns. Neither may throw. A caller that has a record per call
 * anyway (a tool round) passes it here and pays for no promise of the run's own.
 */
export interface LimitSink<R> {
  settle(value: R): void;
  fail(error: unknown): void;
}

/** Limits from this long on are watched by the shared coarse ticker, not a Node timer per call. */
const COARSE_FROM_MS = 1000;

/** A limit of its own: a finite `timeoutMs`. `Infinity` means none. */
const hasTimeout = (timeoutMs: number): boolean => Number.isFinite(timeoutMs);

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
 * One call racing its limits: the timer's and the abort listener's target at once (no closure
 * per handler), settled by whichever comes first.
 */
class LimitedCall<T, R> implements CoarseTimer {
  coarseAt = 0;
  coarsePrev: CoarseTimer | undefined = undefined;
  coarseNext: CoarseTimer | undefined = undefined;
  settled = false;
  timer: NodeJS.Timeout | undefined;
  readonly what: string;
  readonly timeoutMs: number;
  readonly parent: AbortSignal | undefined;
  readonly run: LazySignal;
  readonly map: (value: T) => R;
  readonly sink: LimitSink<R>;
  // Fields assigned by hand, not parameter properties: Node runs this source with types stripped.
  constructor(
    what: string,
    timeoutMs: number,
    parent: AbortSignal | undefined,
    run: LazySignal,
    map: (value: T) => R,
    sink: LimitSink<R>,
  ) {
    this.what = what;
    this.timeoutMs = timeoutMs;
    this.parent = parent;
    this.run = run;
    this.map = map;
    this.sink = sink;
  }

  /** Ends the race; false when it had ended already. */
  finish(): boolean {
    if (this.settled) return false;
    this.settled = true;
    if (this.timer) clearTimeout(this.timer);
    else if (this.coarseAt) cancelCoarseTimer(this);
    this.parent?.removeEventListener('abort', this);
    return true;
  }

  stop(error: KitError): void {
    if (!this.finish()) return;
    this.run.controller?.abort(error);
    this.sink.fail(error);
  }

  /** The parent's abort (an EventListener object). */
  handleEvent(): void {
    this.stop(abortError(this.parent, this.what));
  }

  onDeadline(): void {
    this.stop(new KitError('deadline-exceeded', `${this.what} timed out after ${this.timeoutMs} ms`));
  }

  settle(value: T): void {
    if (this.finish()) deliver(value, this.map, this.sink);
  }

  fail(error: unknown): void {
    if (this.finish()) this.sink.fail(error);
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
  const limited = hasTimeout(timeoutMs);
  if (!limited && !parent) {
    started.then(
      (value) => deliver(value, map, sink),
      (error: unknown) => sink.fail(error),
    );
    return;
  }
  const call = new LimitedCall(what, timeoutMs, parent, run, map, sink);
  if (limited) {
    if (timeoutMs >= COARSE_FROM_MS) startCoarseTimer(call, timeoutMs);
    else call.timer = setTimeout(() => call.onDeadline(), timeoutMs);
  }
  parent?.addEventListener('abort', call, { once: true });
  // The body ran before this listener existed: it may have aborted the parent itself.
  if (parent?.aborted) call.handleEvent();
  started.then(
    (value) => call.settle(value),
    (error: unknown) => call.fail(error),
  );
}

// The promise executor runs synchronously inside `new Promise`: one shared function hands the
// resolvers to the sink being waited on, instead of a closure per call.
let constructing: PromiseSink<unknown> | undefined;
function captureResolvers(resolve: (value: unknown) => void, reject: (error: unknown) => void): void {
  (constructing as PromiseSink<unknown>).resolve = resolve;
  (constructing as PromiseSink<unknown>).reject = reject;
}

/**
 * A sink read as a promise: an outcome delivered before {@link promise} is asked for becomes a
 * settled promise (no resolvers made); a later one settles the promise made then.
 */
export class PromiseSink<R> implements LimitSink<R> {
  state: 'pending' | 'settled' | 'failed' = 'pending';
  value: R | undefined;
  error: unknown;
  resolve: ((value: R) => void) | undefined;
  reject: ((error: unknown) => void) | undefined;

  settle(value: R): void {
    if (this.resolve) this.resolve(value);
    else {
      this.state = 'settled';
      this.value = value;
    }
  }

  fail(error: unknown): void {
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
    constructing = this as PromiseSink<unknown>;
    const promise = new Promise<R>(
      captureResolvers as (resolve: (value: R) => void, reject: (error: unknown) => void) => void,
    );
    constructing = undefined;
    return promise;
  }
}

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
