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
export declare function warmSession(rt: AgentRuntime, sessionId: string, options?: AgentWarmOptions): AgentWarmup;
