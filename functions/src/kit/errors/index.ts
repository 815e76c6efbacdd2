export { abortError, throwIfAborted } from './abort-error.js';
export { ERROR_REASONS, type ErrorReason } from './error-reason.js';
export { describeFieldIssues, type FieldIssue, fieldIssues, fromZodError } from './from-zod-error.js';
export { isKitError, KIT_ERROR_CODES, KitError, type KitErrorCode, type KitErrorOptions } from './kit-error.js';
export { withReason } from './with-reason.js';
