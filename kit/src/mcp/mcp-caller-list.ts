import type { Tool } from '../tools/index.js';

/** The longest a server's `ttlMs` keeps a list (the SDK's own bound on a server's hint). */
const MAX_SERVER_TTL_MS = 86_400_000;

/** One caller's (one set of headers') listing of a server, as a source caches it. */
export interface CallerList {
  list?: readonly Tool[];
  listedAt: number;
  /** How long this list holds: the server's `ttlMs` when it gave a positive one, else `listTtlMs`. */
  ttlMs: number;
  stale: boolean;
  listing?: Promise<readonly Tool[]>;
}

/** The list to use without listing again, if there is one. */
export function freshList(caller: CallerList, now: number): readonly Tool[] | undefined {
  return caller.list && !caller.stale && now - caller.listedAt < caller.ttlMs ? caller.list : undefined;
}

/**
 * Keeps a new listing. A server's positive `ttlMs` is honoured (a day at most); none, or "stale
 * at once" (0, what a server says by default), leaves it to `listTtlMs`: `list_changed` still
 * lists again at once.
 */
export function keepListing(
  caller: CallerList,
  listed: { tools: readonly Tool[]; ttlMs?: number },
  listTtlMs: number,
  now: number,
): void {
  caller.list = listed.tools;
  caller.ttlMs = listed.ttlMs !== undefined && listed.ttlMs > 0 ? Math.min(listed.ttlMs, MAX_SERVER_TTL_MS) : listTtlMs;
  caller.listedAt = now;
}
