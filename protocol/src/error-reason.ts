/**
 * Why a call failed, in one word a client can switch on (`details.reason` of every
 * HttpsError). Clients never parse message text; a new reason is added here, never renamed.
 */
export const ERROR_REASONS = [
  'INVALID_FIELD',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHENTICATED',
  'APP_CHECK_REQUIRED',
  'NOT_OWNER',
  'NOT_ALLOWED',
  'SESSION_NOT_FOUND',
  'WRONG_AGENT',
  'SESSION_BUSY',
  'QUEUE_FULL',
  'NOTHING_TO_RESUME',
  'NOTHING_TO_STOP',
  'NOT_QUEUED',
  'ALREADY_RUNNING',
  'INTERRUPT_PENDING',
  'UNKNOWN_REF',
  'ALREADY_ANSWERED',
  'ANSWER_NOT_ALLOWED',
  'APPROVAL_EXPIRED',
  'APPROVAL_STALE',
  'TOOL_CHANGED',
  'SNAPSHOT_NOT_FOUND',
  'SNAPSHOT_STATE_NOT_KEPT',
  'APPROVAL_SUPERSEDED',
  'TOOLS_UNAVAILABLE',
  'REQUEST_ID_REUSED',
  'REQUEST_CLOSED',
  'RATE_LIMITED',
  'BUDGET_EXHAUSTED',
  'MODEL_UNAVAILABLE',
  'MODEL_QUOTA',
  'STORE_UNAVAILABLE',
  'DEADLINE',
  'CANCELLED',
  'STOPPED',
  'SERVER_MISCONFIGURED',
  'UNSUPPORTED_VERSION',
  'INTERNAL',
] as const;

/** One of {@link ERROR_REASONS}. */
export type ErrorReason = (typeof ERROR_REASONS)[number];
