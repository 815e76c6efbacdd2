export { ERROR_REASONS } from '@callable-flows/protocol';
export { abortError, throwIfAborted } from './abort-error.js';
export { describeFieldIssues, fieldIssues, fromZodError, invalidField } from './from-zod-error.js';
export { isKitError, KitError } from './kit-error.js';
export { withReason } from './with-reason.js';
//# sourceMappingURL=index.js.map