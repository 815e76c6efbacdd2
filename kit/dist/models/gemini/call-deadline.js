/**
 * One controller for both ways a call ends early, so the SDK gets a single `abortSignal`
 * and the adapter can still tell a timeout (deadline-exceeded) from an abort (aborted).
 */
export function callDeadline(caller, timeoutMs) {
    const controller = new AbortController();
    let timedOut = false;
    const onAbort = () => controller.abort(caller?.reason);
    if (caller?.aborted)
        onAbort();
    else
        caller?.addEventListener('abort', onAbort, { once: true });
    const timer = timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
        }, timeoutMs)
        : undefined;
    return {
        signal: controller.signal,
        timedOut: () => timedOut && !caller?.aborted,
        cancel: () => {
            if (!controller.signal.aborted)
                controller.abort();
        },
        dispose: () => {
            clearTimeout(timer);
            caller?.removeEventListener('abort', onAbort);
        },
    };
}
//# sourceMappingURL=call-deadline.js.map