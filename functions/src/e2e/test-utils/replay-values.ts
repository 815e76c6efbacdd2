// What a recorded app echoes back: the refs and digests of the interrupts it was given. A replay
// against the current server gets its own (a digest may change with a deploy, a ref is the
// model's), so a recorded request is sent with the values the current answers gave in their
// place, as the recorded app would have sent them.

const ECHOED = new Set(['ref', 'inputDigest']);

/** Adds to `values` (recorded → current) each echoed field that `recorded` and `current` both hold at one path. */
export function learnValues(recorded: unknown, current: unknown, values: Map<string, string>): void {
  if (typeof recorded !== 'object' || recorded === null || typeof current !== 'object' || current === null) return;
  for (const [key, was] of Object.entries(recorded)) {
    const now = (current as Record<string, unknown>)[key];
    if (ECHOED.has(key) && typeof was === 'string' && typeof now === 'string') values.set(was, now);
    else learnValues(was, now, values);
  }
}

/** `request` with every string the map knows replaced by its current value. */
export function withValues<T>(request: T, values: Map<string, string>): T {
  const swap = (value: unknown): unknown => {
    if (typeof value === 'string') return values.get(value) ?? value;
    if (Array.isArray(value)) return value.map(swap);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v)]));
    }
    return value;
  };
  return swap(request) as T;
}
