import { abortError, KitError } from '../errors/index.js';

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

/**
 * Runs `body` until it settles, the timeout passes or `parent` aborts, whichever is first.
 * The body's signal fires in the last two cases; a body that ignores it is abandoned, so a
 * stuck tool can never hold the turn past its limit.
 */
export function runWithLimits<T>(
  what: string,
  timeoutMs: number,
  parent: AbortSignal | undefined,
  body: (run: LimitedRun) => Promise<T> | T,
): Promise<T> {
  if (parent?.aborted) return Promise.reject(abortError(parent, what));
  const run = new LazySignal();
  let started: Promise<T> | T;
  try {
    started = body(run);
  } catch (error) {
    return Promise.reject(error);
  }
  // A body that answered synchronously can't be stuck or outlive the caller: no timer, no race.
  if (!isThenable(started)) return Promise.resolve(started);
  const pending = started;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (): boolean => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      parent?.removeEventListener('abort', onAbort);
      return true;
    };
    const stop = (error: KitError): void => {
      if (!finish()) return;
      run.controller?.abort(error);
      reject(error);
    };
    const onAbort = (): void => stop(abortError(parent, what));
    const timer = setTimeout(
      () => stop(new KitError('deadline-exceeded', `${what} timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    parent?.addEventListener('abort', onAbort, { once: true });
    // The body ran before this listener existed: it may have aborted the parent itself.
    if (parent?.aborted) onAbort();
    pending.then(
      (value) => finish() && resolve(value),
      (error: unknown) => finish() && reject(error),
    );
  });
}

/** True for a promise (or anything with a `then`): a body that did not answer at once. */
export function isThenable<T>(value: PromiseLike<T> | T): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
