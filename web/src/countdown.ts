/**
 * Calls `tick` with the whole seconds left until `until` (epoch ms): now, then as each second
 * passes, last with 0. Returns a function that stops it early (a newer notice replaced it).
 */
export function countdown(until: number, tick: (seconds: number) => void, now: () => number = Date.now): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const step = (): void => {
    const left = Math.max(0, Math.ceil((until - now()) / 1000));
    tick(left);
    // Wake when the shown number changes, not on a fixed beat that drifts.
    if (left > 0) timer = setTimeout(step, Math.max(1, until - now() - (left - 1) * 1000));
  };
  step();
  return () => clearTimeout(timer);
}
