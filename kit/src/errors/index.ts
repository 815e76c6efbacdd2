export { ERROR_REASONS, type ErrorReason } from '@callable-flows/protocol';
export { abortError, throwIfAborted } from './abort-error.js';
export { describeFieldIssues, fieldIssues, fromZodError, invalidField } from './from-zod-error.js';
export { isKitError, KitError, type KitErrorCode } from './kit-error.js';
export { withReason } from './with-reason.js';
