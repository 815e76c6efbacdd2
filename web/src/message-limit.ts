/**
 * Characters of one text message the callable accepts: `PAYLOAD_LIMITS.textChars` of
 * functions/src/kit/callable/payload-limits.ts (the app keeps its own copy, as it does of the
 * wire types; a longer message is refused with `INVALID_FIELD`).
 */
export const MESSAGE_MAX_CHARS = 32_000;
