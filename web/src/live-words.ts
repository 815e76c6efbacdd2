import type { TranscriptEntry } from './transcript.js';

/** The words the running turn's model is streaming, as the session's watch has them (every tab's, from the server). */
export interface LiveWords {
  text: string;
}

/**
 * The transcript with the running round's words so far as the assistant's last words: what a tab
 * that did not ask (another tab, a device, a reload mid-answer) shows while the answer streams.
 * They are the server's, at most a second behind the model; once the round is journaled the watch
 * drops them and the stored message takes their place.
 */
export function withLiveWords(entries: TranscriptEntry[], live: LiveWords | undefined): TranscriptEntry[] {
  if (!live?.text) return entries;
  return [...entries, { kind: 'assistant', text: live.text }];
}
