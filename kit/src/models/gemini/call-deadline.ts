/** The signal one model call runs under: the caller's abort or the call's own deadline. */
export interface CallDeadline {
  signal: AbortSignal;
  /** True when the deadline, not the caller, ended the call. */
  timedOut(): boolean;
  /** Ends the HTTP exchange early (a failed call must not leave a stream open behind it). */
  cancel(): void;
  /** Stops the timer and unhooks the caller's signal. */
  dispose(): void;
}

/**
 * One controller for both ways a call ends early, so the SDK gets a single `abortSignal`
 * and the adapter can still tell a timeout (deadline-exceeded) from an abort (aborted).
 */
export function callDeadline(caller: AbortSignal | undefined, timeoutMs: number): CallDeadline {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = (): void => controller.abort(caller?.reason);
  if (caller?.aborted) onAbort();
  else caller?.addEventListener('abort', onAbort, { once: true });
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  return {
    signal: controller.signal,
    timedOut: () => timedOut && !caller?.aborted,
    cancel: () => {
      if (!controller.signal.aborted) controller.abort();
    },
    dispose: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    },
  };
}
