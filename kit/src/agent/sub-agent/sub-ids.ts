import { createHash } from 'node:crypto';

const digest = (...parts: string[]): string =>
  createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 32);

/**
 * The session of the sub-agent call `key` of session `parentSessionId`: the same for every run
 * of that call (a retry, a continuation), so each finds the session the first run made. `key` is
 * the kit's id of the call (`ctx.callId`, journaled before the call runs, no other call's): never
 * the model's ref, which a model may give again on a later turn or a new branch's model may give
 * the same call. (Calls that waited before sub-sessions were keyed so were keyed on their ref.)
 * A wire id (letters, digits, `-`, `_`).
 */
export function subSessionId(parentSessionId: string, key: string): string {
  return digest('sub-session', parentSessionId, key);
}

/**
 * The request id a run of the call `key` (its sub-session's key) sends the sub-agent for what it asks (`asked`: the
 * digest of its message, or of a resume's answers): the same ask is the same request, so the
 * sub-agent's request-id record replays its result, or goes on from its journal, instead of
 * running its calls again.
 */
export function subRequestId(parentSessionId: string, key: string, asked: string): string {
  return digest('sub-request', parentSessionId, key, asked);
}
