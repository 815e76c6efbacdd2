// The child of the memory bench: one fresh process loads `count` sessions through an
// LruSessionCache of `max` entries and prints what that cost, as one JSON line.
// Run with --expose-gc: `memory-probe <count> <max> <turns>`.

import { LruSessionCache, parseSession, type SessionRecord, type SessionStore } from '../kit/session/index.js';
import { benchSession } from './bench-session.js';

/** What one probe measured (bytes). */
export interface MemoryProbeResult {
  rssBefore: number;
  rssAfter: number;
  heapBefore: number;
  heapAfter: number;
  loaded: number;
  cached: number;
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
  const [count, max, turns] = process.argv.slice(2).map(Number) as [number, number, number];
  const cache = new LruSessionCache(generatingStore(turns), { max });
  const ids = Array.from({ length: count }, (_, i) => `s${i}`);
  // Warm the code paths (zod, the cache) outside the measure.
  await new LruSessionCache(generatingStore(turns), { max: 1 }).load('warm');
  const before = settle();
  for (const id of ids) await cache.load(id);
  const after = settle();
  const result: MemoryProbeResult = {
    rssBefore: before.rss,
    rssAfter: after.rss,
    heapBefore: before.heapUsed,
    heapAfter: after.heapUsed,
    loaded: ids.length,
    cached: ids.filter((id) => cache.has(id)).length,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
