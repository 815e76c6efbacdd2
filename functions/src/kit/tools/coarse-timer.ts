/** What the shared ticker calls when a deadline passes: any object with `onDeadline` (no closure needed). */
export interface CoarseTimer {
  /** The tick at which it fires; set by {@link startCoarseTimer}. */
  coarseAt: number;
  onDeadline(): void;
}

/** How often the shared ticker looks at the deadlines. */
export const COARSE_TICK_MS = 100;

const timers = new Set<CoarseTimer>();
let ticks = 0;
let ticker: NodeJS.Timeout | undefined;
/** The `setInterval` the ticker was made with: one swapped since (fake timers) gets its own ticker. */
let madeWith: typeof setInterval | undefined;

function tick(): void {
  ticks++;
  for (const timer of timers) {
    if (timer.coarseAt > ticks) continue;
    timers.delete(timer);
    timer.onDeadline();
  }
  if (!timers.size && ticker) {
    clearInterval(ticker);
    ticker = undefined;
  }
}

/**
 * Calls `timer.onDeadline()` once, `ms` to `ms + 2 × COARSE_TICK_MS` from now, unless cancelled first. For long
 * limits that almost never fire (a tool's 30 s timeout): one shared interval runs while any is
 * pending, so a call costs a small object and a set entry instead of a Node timer of its own.
 */
export function startCoarseTimer(timer: CoarseTimer, ms: number): void {
  // +1: the tick in progress may come at once, so a whole `ms` is waited at least.
  timer.coarseAt = ticks + Math.ceil(ms / COARSE_TICK_MS) + 1;
  timers.add(timer);
  if (ticker && madeWith === setInterval) return;
  if (ticker) clearInterval(ticker);
  madeWith = setInterval;
  ticker = setInterval(tick, COARSE_TICK_MS);
}

/**
 * Cancels a pending timer (a no-op once it fired). The ticker stops at its next tick with none
 * left, not here: calls that follow each other reuse it instead of starting one each.
 */
export function cancelCoarseTimer(timer: CoarseTimer): void {
  timers.delete(timer);
}
