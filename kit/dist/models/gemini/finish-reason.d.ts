import type { BlockedReason } from '@google/genai';
import type { FinishReason } from '../../model/index.js';
/**
 * Every finish reason of the SDK's enum, mapped. Typed against the enum, so an SDK upgrade
 * that adds a value fails to compile here until it is mapped.
 */
export declare const FINISH_REASONS: {
    readonly FINISH_REASON_UNSPECIFIED: 'unknown';
    readonly STOP: 'stop';
    readonly MAX_TOKENS: 'length';
    readonly CONTINUATION: 'length';
    readonly SAFETY: 'blocked';
    readonly RECITATION: 'blocked';
    readonly BLOCKLIST: 'blocked';
    readonly PROHIBITED_CONTENT: 'blocked';
    readonly SPII: 'blocked';
    readonly IMAGE_SAFETY: 'blocked';
    readonly IMAGE_PROHIBITED_CONTENT: 'blocked';
    readonly IMAGE_RECITATION: 'blocked';
    readonly IMAGE_OTHER: 'blocked';
    readonly MODEL_ARMOR: 'blocked';
    readonly ESCALATION: 'blocked';
    readonly PUP_LIMITED_DISABLED: 'blocked';
    readonly LANGUAGE: 'other';
    readonly OTHER: 'other';
    readonly NO_IMAGE: 'other';
    readonly MALFORMED_FUNCTION_CALL: 'other';
    readonly UNEXPECTED_TOOL_CALL: 'other';
    readonly TOO_MANY_TOOL_CALLS: 'other';
    readonly MISSING_THOUGHT_SIGNATURE: 'other';
    readonly MALFORMED_RESPONSE: 'other';
};
/** A Gemini finish reason as the kit's; a value this SDK doesn't know is `unknown`. */
export declare function fromGeminiFinishReason(reason: string | undefined): FinishReason;
/** The provider's words for the finish message: the reason, and Gemini's message when it gave one. */
export declare function finishMessageOf(reason: string | undefined, message: string | undefined): string | undefined;
/** The finish message of a prompt Gemini blocked before answering. */
export declare function blockMessageOf(reason: `${BlockedReason}` | string, message: string | undefined): string;
