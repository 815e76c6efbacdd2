export { environmentSecrets, redactSecrets } from './redact-secrets.js';
export { redactValue } from './redact-value.js';
