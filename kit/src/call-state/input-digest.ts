import { hash } from 'node:crypto';
import { canonicalJson } from '@callable-flows/protocol';
import { inputDigestOf } from '@callable-flows/protocol/call-state';
import type { ToolRequestPart } from '../model/index.js';

/**
 * The digest of a pending call's input: sha-256 over its canonical JSON (key order never
 * matters), base64url. Sent with the interrupt and stamped on the waiting call; a reply that
 * sends it back is admitted only while the stored call still has this input (`APPROVAL_STALE`).
 */
export function inputDigest(input: unknown): string {
  // One-shot: no Hash object per interrupt (its stream machinery was most of the stamp's allocation).
  return hash('sha256', canonicalJson(input ?? null), 'base64url');
}

/**
 * The digest of the input the interrupted call `part` asked about: its stamp while it waits
 * (made once, when it was interrupted), else computed from the input as asked (before any edit).
 */
export function askedInputDigest(part: ToolRequestPart): string {
  return inputDigestOf(part) ?? inputDigest(part.metadata?.replacedInput ?? part.toolRequest.input);
}
