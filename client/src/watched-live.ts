import type { LiveDoc, SessionDoc } from '@callable-flows/protocol/session-doc';
import { millis } from '@callable-flows/protocol/session-doc';
import { parseMessages, type WatchedMessage } from './watched-message.js';

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

/** True when `live` was written by the turn that holds the session now. */
const isRunningTurns = (doc: SessionDoc, live: LiveDoc): boolean =>
  doc.status === 'running' && doc.lease?.id === live.leaseId;

/**
 * The stored `messages` of `doc` with the running turn's steps its journal has not stored yet
 * (the live document's `steps`: rounds of tools that change nothing, whose results ride with the
 * turn's next write), so a watcher that came mid-turn shows every step of it, in order, before
 * the live words. The steps take the indices just before the live round's `from`; those the
 * history already holds are not added again, and none are once it reaches `from`.
 */
export function withUnjournaledSteps(
  doc: SessionDoc,
  messages: WatchedMessage[],
  live: LiveDoc | undefined,
): WatchedMessage[] {
  if (!live?.steps?.length || !isRunningTurns(doc, live)) return messages;
  const start = live.from - live.steps.length;
  if (messages.length < start || messages.length >= live.from) return messages;
  const steps = parseMessages(live.steps.slice(messages.length - start));
  return steps ? [...messages, ...steps] : messages;
}

/**
 * The live words of `live` when they are still the running round's: the turn that wrote them
 * holds the session and has not journaled the round (its history ends before `from`). Once the
 * journal has the round (or the turn ended, or another took over), its messages say it all.
 */
export function liveOf(doc: SessionDoc, messageCount: number, live: LiveDoc | undefined): WatchedLive | undefined {
  if (!live || !isRunningTurns(doc, live)) return undefined;
  if (messageCount > live.from) return undefined;
  if (!live.text && !live.reasoning) return undefined;
  return { text: live.text, reasoning: live.reasoning, at: live.from, updatedAt: millis(live.updatedAt) };
}
