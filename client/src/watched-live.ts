import type { LiveDoc, SessionDoc } from '@callable-flows/protocol/session-doc';
import { millis } from '@callable-flows/protocol/session-doc';

/** The words the running turn's model is streaming, as the server last kept them for every watcher. */
export interface WatchedLive {
  /** The round's text so far. */
  text: string;
  /** The round's visible reasoning so far, when the model shows any. */
  reasoning: string | undefined;
  /** The index its message will take in `messages` once journaled. */
  at: number;
  /** When the server wrote these words (epoch ms): at most a second behind the model while it streams. */
  updatedAt: number;
}

/**
 * The live words of `live` when they are still the running round's: the turn that wrote them
 * holds the session and has not journaled the round (its history ends before `from`). Once the
 * journal has the round (or the turn ended, or another took over), its messages say it all.
 */
export function liveOf(doc: SessionDoc, messageCount: number, live: LiveDoc | undefined): WatchedLive | undefined {
  if (!live || doc.status !== 'running' || doc.lease?.id !== live.leaseId) return undefined;
  if (messageCount > live.from) return undefined;
  if (!live.text && !live.reasoning) return undefined;
  return { text: live.text, reasoning: live.reasoning, at: live.from, updatedAt: millis(live.updatedAt) };
}
