import type { Message } from '../model/index.js';

/** How many leading messages two histories share, by identity (stored messages are never edited in place). */
export function sharedPrefix(a: readonly Message[], b: readonly Message[]): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}
