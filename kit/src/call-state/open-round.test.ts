import { describe, expect, it } from 'vitest';
import type { Message } from '../model/index.js';
import { openRoundOf } from './open-round.js';

const user: Message = { role: 'user', content: [{ text: 'hi' }] };
const asks: Message = { role: 'model', content: [{ toolRequest: { name: 'lookup', ref: 'l', input: {} } }] };
const answers: Message = { role: 'tool', content: [{ toolResponse: { name: 'lookup', ref: 'l', output: 1 } }] };
const says: Message = { role: 'model', content: [{ text: 'done' }] };

describe('openRoundOf', () => {
  it('gives the last message when the model asked for tools that have no responses yet', () => {
    expect(openRoundOf([user, asks])).toBe(asks);
  });

  it('gives nothing when the round was answered, the model only spoke, or the history is empty', () => {
    expect(openRoundOf([user, asks, answers])).toBeUndefined();
    expect(openRoundOf([user, says])).toBeUndefined();
    expect(openRoundOf([])).toBeUndefined();
  });
});
