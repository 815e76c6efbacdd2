import type { Session } from './session-schema.js';
/**
 * `next` with API keys, secrets and auth tokens taken out of what it adds to `before`: new
 * messages (a tool error that quotes a URL with a key, say), stored results, the summary and
 * the error. Messages `before` already holds were cleaned when they were written, and keep their
 * identity, so the store still writes only what changed.
 */
export declare function redactSession(before: Session, next: Session): Session;
