import { PAYLOAD_LIMITS } from '@callable-flows/protocol';

/** Characters of one text message the callable accepts; a longer one is refused with `PAYLOAD_TOO_LARGE`. */
export const MESSAGE_MAX_CHARS = PAYLOAD_LIMITS.textChars;
