import { isFlowError } from '@callable-flows/client';

/** An error as the app tells a person about it. */
export interface ErrorWords {
  /** The error's code without its SDK prefix (`permission-denied`, `aborted`, …). */
  code: string;
  /**
   * The server's reason (docs/reference.md, errors; the typed client's `FlowError.reason`), when it
   * sent one. Errors the SDK makes itself (a dropped connection) and Firestore's have none.
   */
  reason: string | undefined;
  /** What the person reads. */
  text: string;
  /** True when trying the same thing again later may work. */
  retry: boolean;
  /** True when the approval it was about has expired. */
  expired: boolean;
  /** True when the approval it was about can no longer run: a deploy changed its tool (`TOOL_CHANGED`). */
  notRun: boolean;
  /**
   * True when the call may have run even so: its answer was lost (a dropped connection looks
   * like `internal` to the SDK) or came too late. The stored session tells what happened.
   */
  uncertain: boolean;
  /** How long the server asked to wait before a retry (`FlowError.retryAfterMs`), if it said. */
  retryAfterMs: number | undefined;
  /** The words as the wait counts down (`seconds` left), for an error that names a wait. */
  countdown?: (seconds: number) => string;
  /** True when the browser was offline as the call failed: the words say so, and go once it is back. */
  offline?: true;
}

/** What a person reads when a call failed while the browser was offline: the message was not sent. */
export const OFFLINE_NOT_SENT_WORDS = 'You’re offline, so this was not sent. Retry once you’re back online.';

/** What a person reads while the rate limit's wait runs: `seconds` of it left. */
export const rateLimitedWords = (seconds: number): string =>
  `You're sending messages too fast — try again in ${seconds} s.`;

type Words = [text: string, retry: boolean];

// What a person reads for each reason the server gives. The app switches on the reason, never
// on the message: the message is the server's words for developers and may change.
const REASON_WORDS: Record<string, Words> = {
  INVALID_FIELD: ['The assistant could not accept that request.', false],
  PAYLOAD_TOO_LARGE: ['That message is too large. Send something shorter or a smaller file.', false],
  UNAUTHENTICATED: ["You're not signed in any more. Reload the page to sign in again.", false],
  APP_CHECK_REQUIRED: ["This app couldn't be verified. Reload the page and try again.", false],
  NOT_OWNER: ['This conversation belongs to another account.', false],
  // The auth policy refused the account, or the approval asks someone else (a manager, say).
  NOT_ALLOWED: [
    "Your account isn't allowed to do this: it can't use the assistant, or this approval is someone else's to give.",
    false,
  ],
  SESSION_NOT_FOUND: ['This conversation no longer exists. Start a new one.', false],
  WRONG_AGENT: ['This conversation belongs to a different assistant. Start a new one.', false],
  SESSION_BUSY: ['The assistant is still busy with another request in this conversation. Try again in a moment.', true],
  NOTHING_TO_RESUME: ["There's no approval waiting in this conversation any more.", false],
  NOTHING_TO_STOP: ['The assistant had already finished: there was nothing to stop.', false],
  NOT_QUEUED: ['That message is no longer waiting, so there was nothing to take back.', false],
  ALREADY_RUNNING: ['The assistant has started on that message, so it can no longer be taken back.', false],
  INTERRUPT_PENDING: ['Please answer the approval above first.', false],
  UNKNOWN_REF: ['That approval is not part of this conversation any more. Reload the page.', false],
  ALREADY_ANSWERED: ['That approval was already answered.', false],
  ANSWER_NOT_ALLOWED: ["That kind of answer isn't allowed for this approval.", false],
  APPROVAL_EXPIRED: ['This approval has expired, so nothing was done. Ask again if you still want it.', false],
  APPROVAL_STALE: ['That approval changed since you saw it, so nothing was done. Look at it again.', false],
  APPROVAL_SUPERSEDED: [
    'This approval belonged to an earlier version of the conversation, which you went back from. Nothing was done.',
    false,
  ],
  TOOL_CHANGED: [
    'The assistant was updated since it asked, so this can no longer be done. Nothing was done: send a message to go on.',
    false,
  ],
  TOOLS_UNAVAILABLE: [
    "The assistant can't reach the service this approval needs right now. Nothing was done: try again in a moment.",
    true,
  ],
  BUDGET_EXHAUSTED: ["You've reached today's usage limit for the assistant. Try again tomorrow.", false],
  MODEL_UNAVAILABLE: ["The assistant can't be reached right now. Try again in a moment.", true],
  MODEL_QUOTA: ['The assistant is very busy right now. Try again in a little while.', true],
  STORE_UNAVAILABLE: ["Your conversation can't be saved right now. Try again in a moment.", true],
  DEADLINE: ['That took too long: the answer did not arrive in time.', true],
  CANCELLED: ['The request was cancelled.', true],
  STOPPED: ['Stopped. What was already done is kept.', false],
  SERVER_MISCONFIGURED: ['The assistant is not set up correctly right now. Please try again later.', false],
  UNSUPPORTED_VERSION: ['This app is out of date. Update it (reload the page) to go on.', false],
  INTERNAL: ['Something went wrong on our side. Try again.', true],
};

// Errors without a reason: the SDK's own (a lost connection is `internal`), Firestore reads,
// and servers that predate reasons.
const CODE_WORDS: Record<string, Words> = {
  'permission-denied': [
    "You don't have permission to open this conversation: it belongs to another account, or it no longer exists.",
    false,
  ],
  unauthenticated: REASON_WORDS.UNAUTHENTICATED as Words,
  aborted: REASON_WORDS.SESSION_BUSY as Words,
  unavailable: ["The assistant can't be reached right now. Try again in a moment.", true],
  'deadline-exceeded': REASON_WORDS.DEADLINE as Words,
  internal: [
    "The assistant's answer did not arrive: the connection failed, or something went wrong on its side.",
    true,
  ],
  'resource-exhausted': ['The assistant has reached its usage limit for now. Try again later.', true],
  'not-found': REASON_WORDS.SESSION_NOT_FOUND as Words,
  cancelled: REASON_WORDS.CANCELLED as Words,
  'invalid-argument': REASON_WORDS.INVALID_FIELD as Words,
  'failed-precondition': ["That can't be done in this conversation right now. Reload the page.", false],
};

const FALLBACK: Words = ['Something went wrong on our side. Try again.', true];
const UNCERTAIN = new Set(['internal', 'unknown', 'deadline-exceeded']);

/** A call's code (`FlowError.code`), or a read's or sign-in's without its `firestore/` or `auth/` prefix; `unknown` when there is none. */
function codeOf(error: unknown): string {
  if (isFlowError(error)) return error.code;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code.replace(/^[a-z]+\//, '') : 'unknown';
}

/**
 * Words a person understands for an error from a call (a `FlowError` of the typed client) or a
 * read; `online` false (the browser's word as it failed) when a call that never got an answer
 * failed offline: the SDK calls that a lost answer, but nothing left the browser.
 */
export function errorWords(error: unknown, online = true): ErrorWords {
  const code = codeOf(error);
  if (!online && (UNCERTAIN.has(code) || code === 'unavailable')) {
    const base = { code, reason: undefined, expired: false, notRun: false, uncertain: false } as const;
    return { ...base, text: OFFLINE_NOT_SENT_WORDS, retry: true, retryAfterMs: undefined, offline: true };
  }
  // Only calls carry a reason; the typed client reads it (and the wait) from the error's details.
  const reason = isFlowError(error) ? error.reason : undefined;
  const retryAfterMs = isFlowError(error) ? error.retryAfterMs : undefined;
  if (reason === 'RATE_LIMITED') {
    const seconds = Math.max(1, Math.ceil((retryAfterMs ?? 1000) / 1000));
    const text = rateLimitedWords(seconds);
    const wait = seconds * 1000;
    return {
      code,
      reason,
      text,
      retry: true,
      expired: false,
      notRun: false,
      uncertain: false,
      retryAfterMs: wait,
      countdown: rateLimitedWords,
    };
  }
  const [text, retry] = (reason && REASON_WORDS[reason]) || CODE_WORDS[code] || FALLBACK;
  return {
    code,
    reason,
    text,
    retry,
    expired: reason === 'APPROVAL_EXPIRED',
    notRun: reason === 'TOOL_CHANGED',
    uncertain: UNCERTAIN.has(code),
    retryAfterMs,
  };
}
