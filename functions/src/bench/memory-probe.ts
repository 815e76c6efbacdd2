// The child of the memory bench: one fresh process loads `count` sessions through an
// LruSessionCache of `max` entries and prints what that cost, as one JSON line.
// Run with --expose-gc: `memory-probe <count> <max> <turns> [maxBytes]` (max 0: no count limit;
// no maxBytes: the cache's default byte bound, from the instance memory).

import {
  defaultCacheBytes,
  LruSessionCache,
  parseSession,
  type SessionRecord,
  type SessionStore,
} from '@callable-flows/kit/session/index.js';
import { benchSession } from './bench-session.js';

/** What one probe measured (bytes). */
export interface MemoryProbeResult {
  rssBefore: number;
  rssAfter: number;
  heapBefore: number;
  heapAfter: number;
  /** The highest RSS seen after any load (before GC). */
  rssPeak: number;
  loaded: number;
  cached: number;
  /** The cache's estimate of what it holds, and its bound. */
  cacheBytes: number;
  maxBytes: number;
}

/**
 * A store that keeps nothing: each load parses a fresh copy of the session from JSON, as a
 * Firestore load parses its document, so whatever memory stays is the cache's.
 */
function generatingStore(turns: number): SessionStore {
  const refuse = (): Promise<never> => Promise.reject(new Error('memory-probe: the store only loads'));
  return {
    load: async (id: string): Promise<SessionRecord> => {
      const json = JSON.stringify(benchSession(id, `owner-${id}`, turns));
      return { session: parseSession(JSON.parse(json), id), etag: `${id}@1` };
    },
    create: refuse,
    write: refuse,
    delete: refuse,
  };
}

function settle(): NodeJS.MemoryUsage {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('memory-probe needs --expose-gc');
  gc();
  gc();
  return process.memoryUsage();
}

async function main(): Promise<void> {
  const [count, max, turns, bytes] = process.argv.slice(2).map(Number) as [number, number, number, number?];
  const maxBytes = bytes && bytes > 0 ? bytes : defaultCacheBytes();
  const cache = new LruSessionCache(generatingStore(turns), { ...(max ? { max } : {}), maxBytes });
  const ids = Array.from({ length: count }, (_, i) => `s${i}`);
  // Warm the code paths (zod, the cache) outside the measure.
  await new LruSessionCache(generatingStore(turns), { max: 1 }).load('warm');
  const before = settle();
  let rssPeak = before.rss;
  for (const id of ids) {
    await cache.load(id);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }
  const after = settle();
  const result: MemoryProbeResult = {
    rssBefore: before.rss,
    rssAfter: after.rss,
    heapBefore: before.heapUsed,
    heapAfter: after.heapUsed,
    loaded: ids.length,
    rssPeak,
    cached: ids.filter((id) => cache.has(id)).length,
    cacheBytes: cache.bytes,
    maxBytes,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
