import { errorReason, retryAfterMs } from './error-reason.js';

/** An error as the app tells a person about it. */
export interface ErrorWords {
  /** The error's code without its SDK prefix (`permission-denied`, `aborted`, …). */
  code: string;
  /** What the person reads. */
  text: string;
  /** True when trying the same thing again later may work. */
  retry: boolean;
  /** True when the approval it was about has expired. */
  expired: boolean;
  /**
   * True when the call may have run even so: its answer was lost (a dropped connection looks
   * like `internal` to the SDK) or came too late. The stored session tells what happened.
   */
  uncertain: boolean;
}

const UNCERTAIN = new Set(['internal', 'unknown', 'deadline-exceeded']);

const WORDS: Record<string, [text: string, retry: boolean]> = {
  'permission-denied': [
    "You don't have permission to open this conversation: it belongs to another account, or it no longer exists.",
    false,
  ],
  unauthenticated: ["You're not signed in any more. Reload the page to sign in again.", false],
  aborted: ['The assistant is still busy with another request in this conversation. Try again in a moment.', true],
  unavailable: ["The assistant can't be reached right now. Try again in a moment.", true],
  'deadline-exceeded': ['That took too long: the answer did not arrive in time.', true],
  internal: [
    "The assistant's answer did not arrive: the connection failed, or something went wrong on its side.",
    true,
  ],
  'resource-exhausted': ['The assistant has reached its usage limit for now. Try again later.', true],
  'not-found': ['This conversation no longer exists. Start a new one.', false],
  cancelled: ['The request was cancelled.', true],
};

const EXPIRED = 'This approval has expired, so nothing was done. Ask again if you still want it.';

/** The SDK's code without its `functions/` or `firestore/` prefix; `unknown` when there is none. */
function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code.replace(/^[a-z]+\//, '') : 'unknown';
}

/** Words a person understands for an error from a call or a read. */
export function errorWords(error: unknown): ErrorWords {
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  if (errorReason(error) === 'RATE_LIMITED') {
    const seconds = Math.max(1, Math.ceil((retryAfterMs(error) ?? 1000) / 1000));
    const text = `You're sending messages too fast — try again in ${seconds} s.`;
    return { code, text, retry: true, expired: false, uncertain: false };
  }
  if (code === 'failed-precondition') {
    if (/expired/i.test(message)) return { code, text: EXPIRED, retry: false, expired: true, uncertain: false };
    if (/resume it first|waits for answers/i.test(message)) {
      return { code, text: 'Please answer the approval above first.', retry: false, expired: false, uncertain: false };
    }
    return { code, text: 'That approval was already answered.', retry: false, expired: false, uncertain: false };
  }
  if (code === 'invalid-argument') {
    return {
      code,
      text: `The assistant could not accept that: ${message}`,
      retry: false,
      expired: false,
      uncertain: false,
    };
  }
  const [text, retry] = WORDS[code] ?? ['Something went wrong on our side. Try again.', true];
  return { code, text, retry, expired: false, uncertain: UNCERTAIN.has(code) };
}
