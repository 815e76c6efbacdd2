import { KitError } from '../errors/index.js';
import type { AgentRuntime } from './agent-runtime.js';

/** A running turn's ear for a stop: its signal fires when one is asked; `close` when the turn ends. */
export interface StopListener {
  signal: AbortSignal;
  /**
   * Reads the last stop asked of the session and fires the signal if it named `lapsedLease`:
   * the stop of a turn whose instance died, which the retry (a client's or the server's
   * continuation) that took the lease over honours instead of going on. One read.
   */
  heardBefore(lapsedLease: string): Promise<void>;
  close(): void;
}

/** The error a stopped turn ends with: `cancelled`, reason `STOPPED`. */
export function stoppedError(sessionId: string): KitError {
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
export function listenForStop(rt: AgentRuntime, sessionId: string, leaseId: string): StopListener {
  const controller = new AbortController();
  const stops = rt.store.stops;
  if (!stops) return { signal: controller.signal, heardBefore: async () => {}, close: () => {} };
  let stopListening: (() => void) | undefined;
  const timer = setTimeout(() => {
    stopListening = stops.listen(sessionId, leaseId, () => controller.abort(stoppedError(sessionId)));
  }, STOP_LISTEN_DELAY_MS);
  return {
    signal: controller.signal,
    heardBefore: async (lapsedLease) => {
      const last = await stops.last(sessionId);
      if (last?.leaseId === lapsedLease && !controller.signal.aborted) controller.abort(stoppedError(sessionId));
    },
    close: () => {
      clearTimeout(timer);
      stopListening?.();
    },
  };
}
