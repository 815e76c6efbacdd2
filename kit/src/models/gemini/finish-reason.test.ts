import { describe, expect, it } from 'vitest';
import { blockMessageOf, finishMessageOf, fromGeminiFinishReason } from './finish-reason.js';

describe('fromGeminiFinishReason', () => {
  it('maps Gemini’s reasons to the kit’s, and an unknown or missing one to unknown', () => {
    expect(fromGeminiFinishReason('STOP')).toBe('stop');
    expect(fromGeminiFinishReason('MAX_TOKENS')).toBe('length');
    expect(fromGeminiFinishReason('SAFETY')).toBe('blocked');
    expect(fromGeminiFinishReason('MALFORMED_FUNCTION_CALL')).toBe('other');
    expect(fromGeminiFinishReason('SOMETHING_NEW')).toBe('unknown');
    expect(fromGeminiFinishReason('toString')).toBe('unknown');
    expect(fromGeminiFinishReason(undefined)).toBe('unknown');
  });
});

describe('finishMessageOf', () => {
  it('names the reason unless the model simply stopped', () => {
    expect(finishMessageOf('STOP', undefined)).toBeUndefined();
    expect(finishMessageOf('STOP', 'fine')).toBe('fine');
    expect(finishMessageOf('SAFETY', undefined)).toBe('SAFETY');
    expect(finishMessageOf('SAFETY', 'harm')).toBe('SAFETY: harm');
  });
});

describe('blockMessageOf', () => {
  it('says the prompt was blocked, with Gemini’s words when it gave some', () => {
    expect(blockMessageOf('PROHIBITED_CONTENT', undefined)).toBe('prompt blocked (PROHIBITED_CONTENT)');
    expect(blockMessageOf('SAFETY', 'no')).toBe('prompt blocked (SAFETY): no');
  });
});
