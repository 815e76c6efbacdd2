import { base64url, sha256 } from './sha256.js';

/** The collection of the approvals inbox (with the session store's prefix, like `sessions`). */
export const APPROVALS_COLLECTION = 'approvals';

/**
 * The id of the inbox document of the call `ref` of session `sessionId`: base64url of
 * sha256(`${sessionId}\u0000${ref}`), its first 32 characters. Derived, so the server writes it
 * without a read, and an approver's client names the call it answers without the session.
 */
export function approvalId(sessionId: string, ref: string): string {
  return base64url(sha256(`${sessionId}\u0000${ref}`)).slice(0, 32);
}
