import type { StopRecord, TurnStops } from './turn-stops.js';

type Listener = { leaseId: string; onStop: (stop: StopRecord) => void };

/** Stops in this process's memory (the in-memory store's): a stop reaches listeners at once. */
export class MemoryTurnStops implements TurnStops {
  private readonly stops = new Map<string, StopRecord>();
  private readonly listeners = new Map<string, Set<Listener>>();

  async ask(sessionId: string, stop: StopRecord): Promise<void> {
    await Promise.resolve();
    this.stops.set(sessionId, { ...stop });
    for (const listener of this.listeners.get(sessionId) ?? []) {
      if (listener.leaseId === stop.leaseId) listener.onStop({ ...stop });
    }
  }

  async last(sessionId: string): Promise<StopRecord | undefined> {
    await Promise.resolve();
    const stop = this.stops.get(sessionId);
    return stop && { ...stop };
  }

  /** Drops the stop record of a deleted session (its listeners stay until they close). */
  drop(sessionId: string): void {
    this.stops.delete(sessionId);
  }

  listen(sessionId: string, leaseId: string, onStop: (stop: StopRecord) => void): () => void {
    const listener = { leaseId, onStop };
    const set = this.listeners.get(sessionId) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(sessionId, set);
    const asked = this.stops.get(sessionId);
    if (asked?.leaseId === leaseId) queueMicrotask(() => onStop({ ...asked }));
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(sessionId);
    };
  }
}
