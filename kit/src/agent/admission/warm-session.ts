import { WireIdSchema } from '@callable-flows/protocol';
import { LruSessionCache } from '../../session/lru-session-cache.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { AgentWarmOptions, AgentWarmup } from '../turn/index.js';

/**
 * Starts the reads a call on `sessionId` makes first, so that a cold instance's first reads
 * overlap instead of following each other: the session, into the instance's cache, where the
 * turn's own read joins it (nothing without a cache: the read would be wasted); the queue of an
 * agent that queues, returned for the call to use (unless `queue: false`: a resume, which never
 * queues, doesn't read it). Nothing for an id the wire would refuse (not a
 * document id). A failed read is the call's to report when it uses it, not this one's.
 */
export function warmSession(rt: AgentRuntime, sessionId: string, options: AgentWarmOptions = {}): AgentWarmup {
  if (!WireIdSchema.safeParse(sessionId).success) return {};
  if (rt.store instanceof LruSessionCache) rt.store.load(sessionId).catch(() => {});
  const wanted = rt.whileBusy === 'queue' && options.queue !== false;
  const queue = wanted ? rt.store.queue?.list(sessionId) : undefined;
  if (!queue) return {};
  queue.catch(() => {});
  return { queue };
}
