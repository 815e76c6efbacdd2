import { describe, expect, it } from 'vitest';
import type { WatchedMessage } from './watched-message.js';
import { resultsOf } from './watched-result.js';

const asked: WatchedMessage = {
  role: 'model',
  content: [{ text: 'Let me look.' }, { toolRequest: { name: 'queryOrder', ref: 'q1', input: { orderId: 'A-1001' } } }],
};

describe('resultsOf', () => {
  it("gives each call its response's output, in the order they were stored", () => {
    const answer: WatchedMessage = {
      role: 'tool',
      content: [{ toolResponse: { name: 'queryOrder', ref: 'q1', output: { found: true } } }],
    };
    expect(resultsOf([asked, answer], 'idle')).toEqual([{ ref: 'q1', name: 'queryOrder', output: { found: true } }]);
  });

  it('marks a call failed when the kit recorded an error on its response (a stop left it unfinished)', () => {
    const stopped: WatchedMessage = {
      role: 'tool',
      content: [
        {
          toolResponse: { name: 'queryOrder', ref: 'q1', output: { error: 'stopped' } },
          metadata: { toolError: { code: 'aborted' } },
        },
      ],
    };
    expect(resultsOf([asked, stopped], 'idle')).toEqual([
      { ref: 'q1', name: 'queryOrder', output: { error: 'stopped' }, failed: true },
    ]);
  });

  it('gives a call the result stamped on its request mid-turn, and none to a call still running', () => {
    const running: WatchedMessage = {
      role: 'model',
      content: [
        {
          toolRequest: { name: 'cancelOrder', ref: 'c1', input: {} },
          metadata: { resolvedInterrupt: true, resumed: true, pendingOutput: { cancelled: true } },
        },
        { toolRequest: { name: 'queryOrder', ref: 'q2', input: {} } },
      ],
    };
    expect(resultsOf([running], 'running')).toEqual([{ ref: 'c1', name: 'cancelOrder', output: { cancelled: true } }]);
    expect(resultsOf([asked], 'running')).toEqual([]);
  });
});
