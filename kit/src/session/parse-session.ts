import { z } from 'zod';
import { KitError } from '../errors/index.js';
import { SESSION_SCHEMA_VERSION, type Session, SessionSchema } from './session-schema.js';

/**
 * Reads stored session data: parsed, never trusted. A shape this code does not know, or data
 * that no longer parses, is `data-loss` (the session can't be continued safely).
 */
export function parseSession(data: unknown, id: string): Session {
  const version = (data as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (version !== SESSION_SCHEMA_VERSION) {
    throw new KitError(
      'data-loss',
      `session '${id}' has schema version ${String(version)}, expected ${SESSION_SCHEMA_VERSION}`,
    );
  }
  const parsed = SessionSchema.safeParse(data);
  if (!parsed.success) {
    throw new KitError('data-loss', `session '${id}' is not a valid session: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
