export { ERROR_REASONS, type ErrorReason } from '@callable-flows/protocol';
export { abortError, throwIfAborted } from './abort-error.js';
export { describeFieldIssues, type FieldIssue, fieldIssues, fromZodError, invalidField } from './from-zod-error.js';
export { isKitError, KitError, type KitErrorCode, type KitErrorOptions } from './kit-error.js';
export { withReason } from './with-reason.js';
