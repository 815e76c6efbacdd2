import { WireIdSchema } from '@callable-flows/protocol';
import { invalidField, isKitError, KitError } from '../../errors/index.js';

/**
 * Refuses a session id the wire would refuse (`WireIdSchema`: length and alphabet, so it is a safe
 * document id), for a caller of `agent.send` or `agent.stop` that did not come through the callable.
 */
export function assertSessionId(sessionId: string | undefined): void {
  if (sessionId === undefined) return;
  const parsed = WireIdSchema.safeParse(sessionId);
  if (!parsed.success) throw invalidField('sessionId', parsed.error.issues[0]?.message ?? 'is not a valid id');
}

/**
 * The error of a call that had session `sessionId` (created it, loaded it, ran a turn on it), with
 * the session's id in its details, so the caller can watch, stop, retry or resume it. An error of
 * no kit code (a model's or a tool's own) becomes `internal`, its original kept as the cause. A
 * `permission-denied` error never names the session: its caller may not learn anything of it.
 */
export function withSessionId(error: unknown, sessionId: string): unknown {
  if (!isKitError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return new KitError('internal', message, { details: { sessionId }, cause: error });
  }
  if (error.code === 'permission-denied' || error.details?.sessionId !== undefined) return error;
  return new KitError(error.code, error.message, { details: { ...error.details, sessionId }, cause: error });
}
