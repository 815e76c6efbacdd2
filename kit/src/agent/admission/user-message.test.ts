import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../../models/scripted/index.js';
import { resolveAgent } from '../runtime/index.js';
import { userMessage } from './user-message.js';

const rt = resolveAgent({ name: 'm', model: scriptedModel('ok') });

describe('userMessage', () => {
  it('makes a user message of text, and nothing of a resume', () => {
    expect(userMessage(rt, { message: 'hello' })).toMatchObject({ role: 'user', content: [{ text: 'hello' }] });
    expect(userMessage(rt, { resume: { decline: [{ ref: 'r', name: 'n' }] } })).toBeUndefined();
  });

  it('refuses an empty message with INVALID_FIELD naming message', () => {
    expect(() => userMessage(rt, { message: '   ' })).toThrow(
      expect.objectContaining({ code: 'invalid-argument', details: expect.objectContaining({ field: 'message' }) }),
    );
  });
});
