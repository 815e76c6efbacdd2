import type { GenerateContentResponseUsageMetadata } from '@google/genai';
import type { Usage } from '../../model/index.js';

/** Gemini's usage metadata in the kit's units, thoughts and cached tokens included. */
export function fromGeminiUsage(metadata: GenerateContentResponseUsageMetadata): Usage {
  const usage: Usage = {};
  if (metadata.promptTokenCount !== undefined) usage.inputTokens = metadata.promptTokenCount;
  if (metadata.candidatesTokenCount !== undefined) usage.outputTokens = metadata.candidatesTokenCount;
  if (metadata.totalTokenCount !== undefined) usage.totalTokens = metadata.totalTokenCount;
  if (metadata.thoughtsTokenCount !== undefined) usage.thoughtsTokens = metadata.thoughtsTokenCount;
  if (metadata.cachedContentTokenCount !== undefined) usage.cachedContentTokens = metadata.cachedContentTokenCount;
  if (metadata.toolUsePromptTokenCount !== undefined) {
    usage.custom = { toolUsePromptTokens: metadata.toolUsePromptTokenCount };
  }
  return usage;
}
