import { createHash } from 'node:crypto';
import { canonicalJson } from '@callable-flows/protocol';

/**
 * The digest of a pending call's input: sha-256 over its canonical JSON (key order never
 * matters), base64url. Sent with the interrupt and stamped on the waiting call; a reply that
 * sends it back is admitted only while the stored call still has this input (`APPROVAL_STALE`).
 */
export function inputDigest(input: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(input ?? null))
    .digest('base64url');
}
