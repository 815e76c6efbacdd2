import type { StopRecord } from '../../session/turn-stops.js';

/**
 * Makes a sub-agent's turn hear its parent's stop as its own: when `signal` (the parent's tool
 * signal) aborts and the parent heard a stop (`stopHeard`), `honour` ends the sub-turn stopped by
 * that same stop, so the sub-session is stored stopped, not failed. Returns the unsubscribe.
 */
export function honourParentStop(
  signal: AbortSignal | undefined,
  stopHeard: () => StopRecord | undefined,
  honour: (stop: StopRecord) => void,
): () => void {
  if (!signal) return () => {};
  const onAbort = () => {
    const heard = stopHeard();
    if (heard) honour(heard);
  };
  if (signal.aborted) onAbort();
  signal.addEventListener('abort', onAbort, { once: true });
  return () => signal.removeEventListener('abort', onAbort);
}
