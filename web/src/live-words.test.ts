import { describe, expect, it } from 'vitest';
import { withLiveWords } from './live-words.js';
import type { TranscriptEntry } from './transcript.js';

const asked: TranscriptEntry[] = [{ kind: 'user', text: 'Where is my order A-1001?', index: 0 }];

describe('withLiveWords', () => {
  it('shows the streaming words as the assistant’s last words when the watch has some', () => {
    expect(withLiveWords(asked, { text: 'Let me look' })).toEqual([
      ...asked,
      { kind: 'assistant', text: 'Let me look' },
    ]);
  });

  it('leaves the transcript as it is when no words stream', () => {
    expect(withLiveWords(asked, undefined)).toBe(asked);
    expect(withLiveWords(asked, { text: '' })).toBe(asked);
  });
});
