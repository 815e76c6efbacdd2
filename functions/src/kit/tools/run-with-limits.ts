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
 * before {@link runWithLimitsInto} returns; neither may throw. The sink is the run's race too
 * (its timer's and its abort listener's target), so a caller that keeps a record per call
 * anyway (a tool round) passes it here and pays for no promise and no race object of the run's own.
 */
export abstract class LimitSink<R> implements CoarseTimer {
  coarseAt = 0;
  coarsePrev: CoarseTimer | undefined = undefined;
  coarseNext: CoarseTimer | undefined = undefined;
  /** The race's state, set when the body did not answer at once. */
  raceOver = false;
  raceTimer: NodeJS.Timeout | undefined = undefined;
  raceWhat = '';
  raceTimeoutMs = 0;
  raceParent: AbortSignal | undefined = undefined;
  raceRun: LazySignal | undefined = undefined;
  raceMap: ((value: unknown) => R) | undefined = undefined;

  abstract settle(value: R): void;
  abstract fail(error: unknown): void;

  /** Ends the race; false when it had ended already. */
  finishRace(): boolean {
    if (this.raceOver) return false;
    this.raceOver = true;
    if (this.raceTimer) clearTimeout(this.raceTimer);
    else if (this.coarseAt) cancelCoarseTimer(this);
    this.raceParent?.removeEventListener('abort', this);
    return true;
  }

  stopRace(error: KitError): void {
    if (!this.finishRace()) return;
    this.raceRun?.abortRun(error);
    this.fail(error);
  }

  /** The parent's abort (the sink is an EventListener object). */
  handleEvent(): void {
    this.stopRace(abortError(this.raceParent, this.raceWhat));
  }

  onDeadline(): void {
    this.stopRace(new KitError('deadline-exceeded', `${this.raceWhat} timed out after ${this.raceTimeoutMs} ms`));
  }

  bodySettled(value: unknown): void {
    if (this.finishRace()) deliver(value, this.raceMap as (value: unknown) => R, this);
  }

  bodyFailed(error: unknown): void {
    if (this.finishRace()) this.fail(error);
  }
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
  sink.raceWhat = what;
  sink.raceTimeoutMs = timeoutMs;
  sink.raceParent = parent;
  sink.raceRun = run;
  sink.raceMap = map as (value: unknown) => R;
  if (limited) {
    if (timeoutMs >= COARSE_FROM_MS) startCoarseTimer(sink, timeoutMs);
    else sink.raceTimer = setTimeout(() => sink.onDeadline(), timeoutMs);
  }
  parent?.addEventListener('abort', sink, { once: true });
  // The body ran before this listener existed: it may have aborted the parent itself.
  if (parent?.aborted) sink.handleEvent();
  started.then(
    (value) => sink.bodySettled(value),
    (error: unknown) => sink.bodyFailed(error),
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
