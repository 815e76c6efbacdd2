import type { BlockedReason, FinishReason as GeminiFinishReason } from '@google/genai';
import type { FinishReason } from '../../model/index.js';

/**
 * Every finish reason of the SDK's enum, mapped. Typed against the enum, so an SDK upgrade
 * that adds a value fails to compile here until it is mapped.
 */
export const FINISH_REASONS = {
  FINISH_REASON_UNSPECIFIED: 'unknown',
  STOP: 'stop',
  MAX_TOKENS: 'length',
  // Generation was incomplete at the per-request token limit (automatic continuation off).
  CONTINUATION: 'length',
  SAFETY: 'blocked',
  RECITATION: 'blocked',
  BLOCKLIST: 'blocked',
  PROHIBITED_CONTENT: 'blocked',
  SPII: 'blocked',
  IMAGE_SAFETY: 'blocked',
  IMAGE_PROHIBITED_CONTENT: 'blocked',
  IMAGE_RECITATION: 'blocked',
  IMAGE_OTHER: 'blocked',
  MODEL_ARMOR: 'blocked',
  // Both are policy filters on the request or the account: the caller was refused, as with SAFETY.
  ESCALATION: 'blocked',
  PUP_LIMITED_DISABLED: 'blocked',
  LANGUAGE: 'other',
  OTHER: 'other',
  NO_IMAGE: 'other',
  MALFORMED_FUNCTION_CALL: 'other',
  UNEXPECTED_TOOL_CALL: 'other',
  TOO_MANY_TOOL_CALLS: 'other',
  MISSING_THOUGHT_SIGNATURE: 'other',
  MALFORMED_RESPONSE: 'other',
} as const satisfies Record<`${GeminiFinishReason}`, FinishReason>;

/** A Gemini finish reason as the kit's; a value this SDK doesn't know is `unknown`. */
export function fromGeminiFinishReason(reason: string | undefined): FinishReason {
  if (reason === undefined) return 'unknown';
  return Object.hasOwn(FINISH_REASONS, reason) ? FINISH_REASONS[reason as keyof typeof FINISH_REASONS] : 'unknown';
}

/** The provider's words for the finish message: the reason, and Gemini's message when it gave one. */
export function finishMessageOf(reason: string | undefined, message: string | undefined): string | undefined {
  if (reason === undefined || reason === 'STOP') return message || undefined;
  return message ? `${reason}: ${message}` : reason;
}

/** The finish message of a prompt Gemini blocked before answering. */
export function blockMessageOf(reason: `${BlockedReason}` | string, message: string | undefined): string {
  return message ? `prompt blocked (${reason}): ${message}` : `prompt blocked (${reason})`;
}
