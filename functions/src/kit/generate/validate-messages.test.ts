import { describe, expect, it } from 'vitest';
import type { Message } from '../model/index.js';
import { markChecked, validateMessages } from './validate-messages.js';

describe('validateMessages', () => {
  it('accepts well-formed messages', () => {
    expect(() =>
      validateMessages([
        { role: 'user', content: [{ text: 'hi' }] },
        { role: 'model', content: [{ toolRequest: { name: 'a', ref: 'r', input: {} } }] },
      ]),
    ).not.toThrow();
  });

  it('refuses with invalid-argument naming the index when a message is malformed', () => {
    const bad = { role: 'robot', content: [{ text: 'hi' }] } as unknown as Message;
    expect(() => validateMessages([{ role: 'user', content: [{ text: 'ok' }] }, bad])).toThrow(/invalid messages\[1\]/);
  });

  it('skips a message the kit marked as checked', () => {
    const built = markChecked({ role: 'robot', content: [] } as unknown as Message);
    expect(() => validateMessages([built])).not.toThrow();
  });
});
