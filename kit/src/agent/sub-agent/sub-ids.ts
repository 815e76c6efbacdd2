import { createHash } from 'node:crypto';

const digest = (...parts: string[]): string =>
  createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 32);

/**
 * The session of the sub-agent call `ref` of session `parentSessionId`: the same for every run
 * of that call (a retry, a continuation, a resume of the parent), so each finds the session the
 * first run made. A wire id (letters, digits, `-`, `_`).
 */
export function subSessionId(parentSessionId: string, ref: string): string {
  return digest('sub-session', parentSessionId, ref);
}

/**
 * The request id a run of the call `ref` sends the sub-agent for what it asks (`asked`: the
 * digest of its message, or of a resume's answers): the same ask is the same request, so the
 * sub-agent's request-id record replays its result, or goes on from its journal, instead of
 * running its calls again.
 */
export function subRequestId(parentSessionId: string, ref: string, asked: string): string {
  return digest('sub-request', parentSessionId, ref, asked);
}
