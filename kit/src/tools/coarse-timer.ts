/** What the shared ticker calls when a deadline passes: any object with `onDeadline` (no closure needed). */
export interface CoarseTimer {
  /** The tick at which it fires; set by {@link startCoarseTimer}. */
  coarseAt: number;
  onDeadline(): void;
  /** Its neighbours in the list of pending timers; kept by this module. */
  coarsePrev?: CoarseTimer | undefined;
  coarseNext?: CoarseTimer | undefined;
}

/** How often the shared ticker looks at the deadlines. */
export const COARSE_TICK_MS = 100;

// The pending timers, as a list linked through the timers themselves, not a Set: with a Set that
// took and dropped a timer per tool call, the dropped calls (and all they held) were seen to
// survive the scavenges, 2–3 MB promoted per scavenge at eight calls a round, until a full GC;
// with this list nothing is, and only what is pending is held.
let first: CoarseTimer | undefined;
let pending = 0;
let ticks = 0;
let ticker: NodeJS.Timeout | undefined;
/** The `setInterval` the ticker was made with: one swapped since (fake timers) gets its own ticker. */
let madeWith: typeof setInterval | undefined;

function unlink(timer: CoarseTimer): void {
  const { coarsePrev: prev, coarseNext: next } = timer;
  if (prev) prev.coarseNext = next;
  else first = next;
  if (next) next.coarsePrev = prev;
  timer.coarsePrev = undefined;
  timer.coarseNext = undefined;
  timer.coarseAt = 0;
  pending--;
}

function tick(): void {
  ticks++;
  // Listed first, fired after: a deadline's handler may cancel (or restart) other timers, and a
  // timer no longer due by then does not fire.
  const due: CoarseTimer[] = [];
  for (let timer = first; timer; timer = timer.coarseNext) if (timer.coarseAt <= ticks) due.push(timer);
  for (const timer of due) {
    if (!timer.coarseAt || timer.coarseAt > ticks) continue;
    unlink(timer);
    timer.onDeadline();
  }
  if (!pending && ticker) {
    clearInterval(ticker);
    ticker = undefined;
  }
}

/**
 * Calls `timer.onDeadline()` once, `ms` to `ms + 2 × COARSE_TICK_MS` from now, unless cancelled first. For long
 * limits that almost never fire (a tool's 30 s timeout): one shared interval runs while any is
 * pending, so a call costs two links of its own object instead of a Node timer.
 */
export function startCoarseTimer(timer: CoarseTimer, ms: number): void {
  if (timer.coarseAt) unlink(timer);
  // +1: the tick in progress may come at once, so a whole `ms` is waited at least.
  timer.coarseAt = ticks + Math.ceil(ms / COARSE_TICK_MS) + 1;
  timer.coarsePrev = undefined;
  timer.coarseNext = first;
  if (first) first.coarsePrev = timer;
  first = timer;
  pending++;
  if (ticker && madeWith === setInterval) return;
  if (ticker) clearInterval(ticker);
  madeWith = setInterval;
  ticker = setInterval(tick, COARSE_TICK_MS);
}

/**
 * Cancels a pending timer (a no-op once it fired or was cancelled). The ticker stops at its next
 * tick with none left, not here: calls that follow each other reuse it instead of starting one each.
 */
export function cancelCoarseTimer(timer: CoarseTimer): void {
  if (timer.coarseAt) unlink(timer);
}
