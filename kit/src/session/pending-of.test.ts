import { describe, expect, it } from 'vitest';
import { stampInterrupt, stampPendingOutput } from '../call-state/index.js';
import type { Message } from '../model/index.js';
import { pendingOf, withPending } from './pending-of.js';

const asked = stampInterrupt({ toolRequest: { name: 'confirm', ref: 'c', input: {} } }, { question: 'ok?' });
const done = stampPendingOutput(
  { toolRequest: { name: 'lookup', ref: 'l', input: {} } },
  { toolResponse: { name: 'lookup', ref: 'l', output: 1 } },
);

describe('pendingOf', () => {
  it('reads the waiting calls of an interrupted round off the last message', () => {
    const history: Message[] = [{ role: 'model', content: [done, asked] }];
    expect(pendingOf(history)).toEqual({ interrupts: [asked] });
  });

  it('finds nothing pending when no call of the last model message waits', () => {
    expect(pendingOf([{ role: 'model', content: [done] }])).toEqual({ interrupts: [] });
    expect(pendingOf([{ role: 'user', content: [{ text: 'hi' }] }])).toEqual({ interrupts: [] });
    expect(pendingOf([])).toEqual({ interrupts: [] });
  });
});

describe('withPending', () => {
  it('sets the derived fields from the history, replacing stale ones', () => {
    const stale = { history: [] as Message[], interrupts: [asked] };
    expect(withPending(stale)).toEqual({ history: [], interrupts: [] });
  });
});
