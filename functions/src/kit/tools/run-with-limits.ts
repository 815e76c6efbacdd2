import { abortError, KitError } from '../errors/index.js';
import { type CoarseTimer, cancelCoarseTimer, startCoarseTimer } from './coarse-timer.js';

/** What a body run under {@link runWithLimits} gets: a signal made only if it asks for one. */
export interface LimitedRun {
  readonly signal: AbortSignal;
}

// A class, not an object literal with a getter: one small object per call, the getter shared.
class LazySignal implements LimitedRun {
  /** Made lazily: most tools never read their signal, and a controller per call adds up. */
  controller: AbortController | undefined;
  get signal(): AbortSignal {
    this.controller ??= new AbortController();
    return this.controller.signal;
  }
}

/** Limits from this long on are watched by the shared coarse ticker, not a Node timer per call. */
const COARSE_FROM_MS = 1000;

/** A limit of its own: a finite `timeoutMs`. `Infinity` means none. */
const hasTimeout = (timeoutMs: number): boolean => Number.isFinite(timeoutMs);

// The promise executor runs synchronously inside `new Promise`: one shared function hands the
// resolvers to the call being built, instead of a closure per call.
let constructing: LimitedCall<unknown, unknown> | undefined;
function captureResolvers(resolve: (value: unknown) => void, reject: (error: unknown) => void): void {
  (constructing as LimitedCall<unknown, unknown>).resolve = resolve;
  (constructing as LimitedCall<unknown, unknown>).reject = reject;
}

/**
 * One call racing its limits: the timer's and the abort listener's target at once (no closure
 * per handler), settled by whichever comes first.
 */
class LimitedCall<T, R> implements CoarseTimer {
  coarseAt = 0;
  settled = false;
  timer: NodeJS.Timeout | undefined;
  readonly promise: Promise<R>;
  resolve!: (value: R) => void;
  reject!: (error: unknown) => void;
  readonly what: string;
  readonly timeoutMs: number;
  readonly parent: AbortSignal | undefined;
  readonly run: LazySignal;
  readonly map: (value: T) => R;
  // Fields assigned by hand, not parameter properties: Node runs this source with types stripped.
  constructor(what: string, timeoutMs: number, parent: AbortSignal | undefined, run: LazySignal, map: (value: T) => R) {
    this.what = what;
    this.timeoutMs = timeoutMs;
    this.parent = parent;
    this.run = run;
    this.map = map;
    constructing = this as LimitedCall<unknown, unknown>;
    this.promise = new Promise<R>(
      captureResolvers as (resolve: (value: R) => void, reject: (error: unknown) => void) => void,
    );
    constructing = undefined;
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
    this.reject(error);
  }

  /** The parent's abort (an EventListener object). */
  handleEvent(): void {
    this.stop(abortError(this.parent, this.what));
  }

  onDeadline(): void {
    this.stop(new KitError('deadline-exceeded', `${this.what} timed out after ${this.timeoutMs} ms`));
  }

  settle(value: T): void {
    if (!this.finish()) return;
    try {
      this.resolve(this.map(value));
    } catch (error) {
      this.reject(error);
    }
  }

  fail(error: unknown): void {
    if (this.finish()) this.reject(error);
  }
}

/**
 * Runs `body` until it settles, the timeout passes or `parent` aborts, whichever is first, and
 * maps its value with `map` (in the same step, so a call costs no extra promise).
 * The body's signal fires in the last two cases; a body that ignores it is abandoned, so a
 * stuck tool can never hold the turn past its limit. With no timeout (`Infinity`) and no
 * parent, the body's own promise is all there is: no timer, no race.
 */
export function runWithLimits<T, R = T>(
  what: string,
  timeoutMs: number,
  parent: AbortSignal | undefined,
  body: (run: LimitedRun) => Promise<T> | T,
  map: (value: T) => R = (value) => value as unknown as R,
): Promise<R> {
  if (parent?.aborted) return Promise.reject(abortError(parent, what));
  const run = new LazySignal();
  let started: Promise<T> | T;
  try {
    started = body(run);
    // A body that answered synchronously can't be stuck or outlive the caller: no timer, no race.
    if (!isThenable(started)) return Promise.resolve(map(started));
  } catch (error) {
    return Promise.reject(error);
  }
  const limited = hasTimeout(timeoutMs);
  if (!limited && !parent) return Promise.resolve(started).then(map);
  const call = new LimitedCall(what, timeoutMs, parent, run, map);
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
  return call.promise;
}

/** True for a promise (or anything with a `then`): a body that did not answer at once. */
export function isThenable<T>(value: PromiseLike<T> | T): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
