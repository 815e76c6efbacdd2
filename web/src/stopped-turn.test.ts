import { describe, expect, it } from 'vitest';
import type { HistoryMessage } from './history.js';
import { stoppedTurn } from './stopped-turn.js';

const asked: HistoryMessage = { role: 'user', content: [{ text: 'Where is A-1001?' }] };
const lookUp: HistoryMessage = {
  role: 'model',
  content: [{ text: 'Let me look up order A-1001.' }, { toolRequest: { name: 'queryOrder', ref: 'q1', input: {} } }],
};
const looked: HistoryMessage = {
  role: 'tool',
  content: [{ toolResponse: { name: 'queryOrder', ref: 'q1', output: { found: true } } }],
};
const finished: HistoryMessage[] = [
  {
    role: 'model',
    content: [{ text: 'It is on its way.' }, { toolRequest: { name: 'finish', ref: 'f1', input: {} } }],
  },
  { role: 'tool', content: [{ toolResponse: { name: 'finish', ref: 'f1', output: {} } }] },
];

describe('stoppedTurn', () => {
  it('reads a stop when an idle session ends with the user message and no answer', () => {
    expect(stoppedTurn([asked], 'idle')).toBe(true);
  });

  it('reads a stop when the last turn ends after a tool round, before the model answered', () => {
    expect(stoppedTurn([asked, lookUp, looked], 'idle')).toBe(true);
  });

  it('reads no stop when the turn ended with the answer and a hidden finish call', () => {
    expect(stoppedTurn([asked, lookUp, looked, ...finished], 'idle')).toBe(false);
    expect(stoppedTurn([asked, { role: 'model', content: [{ text: 'Hello.' }] }], 'idle')).toBe(false);
  });

  it('reads no stop when the turn runs, failed or waits for an approval', () => {
    for (const status of ['running', 'failed', 'interrupted', 'expired'] as const) {
      expect(stoppedTurn([asked, lookUp, looked], status)).toBe(false);
    }
  });

  it('reads only the last turn when an earlier one was stopped', () => {
    const again: HistoryMessage = { role: 'user', content: [{ text: 'And A-1002?' }] };
    expect(stoppedTurn([asked, again, { role: 'model', content: [{ text: 'On its way.' }] }], 'idle')).toBe(false);
  });
});
