import { MAX_OWN_ROUNDS } from './mcp-question.js';

/**
 * How many samples a connection still answers a 2025-11-25 server (which asks mid-call, through
 * no call of its own): `MAX_OWN_ROUNDS` for each call running on it, none between calls. A server
 * that keeps asking is refused, whichever of the running calls it asks for.
 */
export class SampleBudget {
  #running = 0;
  #left = 0;

  /** A call starts: its samples join the budget. The returned function ends it. */
  open(): () => void {
    this.#running++;
    this.#left += MAX_OWN_ROUNDS;
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      this.#running--;
      this.#left = Math.min(this.#left, this.#running * MAX_OWN_ROUNDS);
    };
  }

  /** Spends one sample: false when none is left. */
  take(): boolean {
    if (this.#left <= 0) return false;
    this.#left--;
    return true;
  }
}
