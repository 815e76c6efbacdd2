import type { LiveClock } from '../runtime/index.js';

/** A {@link LiveClock} that moves only when a test says: `advance(ms)` runs the timers that fall due, in order. */
export class ManualLiveClock implements LiveClock {
  private time = 0;
  private readonly timers = new Set<{ at: number; run: () => void }>();

  now(): number {
    return this.time;
  }

  after(ms: number, run: () => void): () => void {
    const timer = { at: this.time + ms, run };
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  }

  /** Timers waiting. */
  get pending(): number {
    return this.timers.size;
  }

  /** Moves the time on by `ms`, running each timer due on the way (and letting their writes settle). */
  async advance(ms: number): Promise<void> {
    const until = this.time + ms;
    for (;;) {
      await settle();
      const next = [...this.timers].filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.timers.delete(next);
      this.time = next.at;
      next.run();
    }
    this.time = until;
    await settle();
  }
}

/** Lets promise callbacks already queued run (a write to an in-memory store, its `finally`). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}
