import { KitError } from '../../errors/index.js';
/** The error a stopped turn ends with: `cancelled`, reason `STOPPED`. */
export function stoppedError(sessionId) {
    return new KitError('cancelled', `the turn on session '${sessionId}' was stopped by the user`, {
        reason: 'STOPPED',
    });
}
/**
 * How long a turn runs before it starts listening for a stop. A stop is a document, so a listener
 * opened late still hears one asked before it; a turn that ends sooner (most text turns) opens no
 * listen stream at all, and a stop still lands well inside 2 s.
 */
export const STOP_LISTEN_DELAY_MS = 250;
/**
 * Listens, while the turn holds lease `leaseId`, for a stop asked of it from any client: the
 * signal aborts the model call in flight and the tools that run, and the loop stops at its next
 * step boundary. A store without stops gives a signal that never fires.
 */
export function listenForStop(rt, sessionId, leaseId) {
    const controller = new AbortController();
    let heard;
    const honour = (stop) => {
        if (controller.signal.aborted)
            return;
        heard = stop;
        controller.abort(stoppedError(sessionId));
    };
    const stops = rt.store.stops;
    let stopListening;
    const timer = stops
        ? setTimeout(() => {
            stopListening = stops.listen(sessionId, leaseId, honour);
        }, STOP_LISTEN_DELAY_MS)
        : undefined;
    return {
        signal: controller.signal,
        get heard() {
            return heard;
        },
        honour,
        close: () => {
            clearTimeout(timer);
            stopListening?.();
        },
    };
}
//# sourceMappingURL=listen-for-stop.js.map