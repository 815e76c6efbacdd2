import { KitError } from '../errors/index.js';

const KiB = 1024;

/**
 * What one turn may store of what tools make, in bytes of JSON. They keep every session
 * document (its typed state whole, its history tail, its kept results) under Firestore's
 * 1 MiB, whatever a tool returns. Each is checked before anything is written; a breach is
 * `PAYLOAD_TOO_LARGE` naming the field, and the session stays usable.
 */
export const SESSION_LIMITS = {
  /** The input of one tool call (the model's request, or a person's `replaceInput`). */
  toolInputBytes: 256 * KiB,
  /** The output of one tool call. */
  toolOutputBytes: 256 * KiB,
  /** The metadata of one interrupt (what a person is shown). */
  interruptMetadataBytes: 64 * KiB,
  /** The agent's typed state, whole. */
  stateBytes: 256 * KiB,
  /** One version of one artifact (its parts; media by URL, an inline `data:` URL counted whole). */
  artifactBytes: 64 * KiB,
  /**
   * Every artifact version a session's branches show (each name's last on each branch, counted
   * once where branches share it): with the tail (~400 KiB) and the state (256 KiB), what keeps
   * the document under 1 MiB. Versions only snapshots show fit in what is left of it, the
   * oldest leaving first. Larger outputs go by URL.
   */
  artifactsBytes: 192 * KiB,
} as const;

/** One of the limits of {@link SESSION_LIMITS}. */
export type SessionLimit = keyof typeof SESSION_LIMITS;

/** The bytes of `text` (UTF-8). */
function jsonBytes(text: string): number {
  // A code unit is at most 3 bytes: most values are far below the limit and need no count.
  return text.length * 3 <= 64 * KiB ? text.length : Buffer.byteLength(text, 'utf8');
}

/** The bytes of `value` as JSON (UTF-8). */
export const jsonBytesOf = (value: unknown): number => jsonBytes(JSON.stringify(value) ?? '');

/**
 * Refuses `value` when its JSON is larger than `limit` allows: `PAYLOAD_TOO_LARGE` naming
 * `field` (`failed-precondition`: the server's data, not the caller's request, is too large).
 */
export function assertWithinLimit(value: unknown, limit: SessionLimit, field: string): void {
  if (value === undefined) return;
  const text = JSON.stringify(value) ?? '';
  const max = SESSION_LIMITS[limit];
  if (text.length <= max / 3) return;
  const bytes = jsonBytes(text);
  if (bytes <= max) return;
  throw new KitError('failed-precondition', `${field} is ${bytes} bytes of JSON, over the limit of ${max}`, {
    reason: 'PAYLOAD_TOO_LARGE',
    details: { field, limit: max, bytes },
  });
}
