import { KitError } from '../errors/index.js';
import type { AgentRuntime } from './agent-runtime.js';

/** A running turn's ear for a stop: its signal fires when one is asked; `close` when the turn ends. */
export interface StopListener {
  signal: AbortSignal;
  close(): void;
}

/** The error a stopped turn ends with: `cancelled`, reason `STOPPED`. */
export function stoppedError(sessionId: string): KitError {
  return new KitError('cancelled', `the turn on session '${sessionId}' was stopped by the user`, {
    reason: 'STOPPED',
  });
}

/**
 * Listens, while the turn holds lease `leaseId`, for a stop asked of it from any client: the
 * signal aborts the model call in flight and the tools that run, and the loop stops at its next
 * step boundary. A store without stops gives a signal that never fires.
 */
export function listenForStop(rt: AgentRuntime, sessionId: string, leaseId: string): StopListener {
  const controller = new AbortController();
  const close = rt.store.stops?.listen(sessionId, leaseId, () => controller.abort(stoppedError(sessionId)));
  return { signal: controller.signal, close: close ?? (() => {}) };
}
