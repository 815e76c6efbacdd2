import type { WatchedQueued } from '@callable-flows/client';
import { describe, expect, it } from 'vitest';
import {
  QUEUED_BEHIND_APPROVAL_WORDS,
  QUEUED_WORDS,
  queuedText,
  queuedToShow,
  queuedWords,
} from './queued-messages.js';

describe('queuedToShow', () => {
  it('shows the queue in its order, then this tab’s messages still on their way', () => {
    const watched = [
      { requestId: 'r1', text: 'And A-1002?' },
      { requestId: 'r2', text: 'And A-1003?' },
    ];
    const sending = new Map([['r3', 'And A-1004?']]);
    expect(queuedToShow(watched, sending)).toEqual([
      { requestId: 'r1', text: 'And A-1002?', state: 'queued' },
      { requestId: 'r2', text: 'And A-1003?', state: 'queued' },
      { requestId: 'r3', text: 'And A-1004?', state: 'sending' },
    ]);
  });

  it('shows a message once when the queue already holds the one this tab is sending', () => {
    const sending = new Map([['r1', 'And A-1002?']]);
    expect(queuedToShow([{ requestId: 'r1', text: 'And A-1002?' }], sending)).toEqual([
      { requestId: 'r1', text: 'And A-1002?', state: 'queued' },
    ]);
  });

  it('keeps what each queued message waits for, and says it in words', () => {
    const shown = queuedToShow([{ requestId: 'r1', text: 'And A-1002?', waitsFor: 'approval' }], new Map());
    expect(shown).toEqual([{ requestId: 'r1', text: 'And A-1002?', state: 'queued', waitsFor: 'approval' }]);
    expect(queuedWords('approval')).toBe(QUEUED_BEHIND_APPROVAL_WORDS);
    expect(queuedWords('answer')).toBe(QUEUED_WORDS);
  });

  it('shows nothing when the queue is empty and nothing is on its way', () => {
    expect(queuedToShow([], new Map())).toEqual([]);
  });
});

describe('queuedText', () => {
  it('reads the person’s words and leaves out what the kit added for the model', () => {
    const queued: WatchedQueued = {
      requestId: 'r1',
      at: 1,
      position: 1,
      waitsFor: 'answer',
      message: { role: 'user', content: [{ text: 'And A-1002?' }, { text: 'docs', metadata: { purpose: 'context' } }] },
    };
    expect(queuedText(queued)).toBe('And A-1002?');
  });
});
