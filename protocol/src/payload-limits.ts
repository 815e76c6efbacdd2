/**
 * The limits a callable request is held to. They keep one turn's user message well inside a
 * Firestore document (1 MiB) and a model's context, and refuse abuse before any model is paid for.
 * Every breach is `invalid-argument` naming the field and the limit.
 */
export const PAYLOAD_LIMITS = {
  /** The whole request `data`, as JSON, in bytes (256 KiB). */
  requestBytes: 256 * 1024,
  /** Characters of a string `message`, or of one text part (about 8k tokens). */
  textChars: 32_000,
  /** Parts of one `message`. */
  parts: 16,
  /** Replies in one `resume` (respond, restart and decline together). */
  resumeReplies: 16,
  /** Characters of a decline's `reason`. */
  reasonChars: 2_000,
  /** Characters of `sessionId`, `requestId`, a `ref` or a tool `name`. */
  idChars: 128,
  /** Levels of nested objects and arrays in `data` (a `data` part, a tool output, replaceInput). */
  depth: 64,
} as const;
