import { describe, expect, it } from 'vitest';
import { fromGeminiUsage } from './gemini-usage.js';

describe('fromGeminiUsage', () => {
  it('keeps every count Gemini gives, thoughts, cache and tool-use prompt included', () => {
    expect(
      fromGeminiUsage({
        promptTokenCount: 10,
        candidatesTokenCount: 5,
        totalTokenCount: 20,
        thoughtsTokenCount: 4,
        cachedContentTokenCount: 2,
        toolUsePromptTokenCount: 1,
      }),
    ).toEqual({
      inputTokens: 10,
      outputTokens: 5,
      totalTokens: 20,
      thoughtsTokens: 4,
      cachedContentTokens: 2,
      custom: { toolUsePromptTokens: 1 },
    });
  });

  it('sets no field Gemini left out', () => {
    expect(fromGeminiUsage({})).toEqual({});
  });
});
