import { z } from 'zod';
import { KitError } from '../errors/index.js';
import { SESSION_SCHEMA_VERSION, type Session, SessionSchema } from './session-schema.js';

/** The parts of a session a reader parses as it reads them: each message of the journal, each snapshot. */
export type ParsedParts = Pick<Session, 'history' | 'interrupts' | 'branches' | 'snapshots'>;

// A store that read those parts line by line (the Firestore store: each history line against
// MessageSchema, each snapshot against the protocol's SnapshotSchema) has them parsed already:
// parsing them again would double what a load costs. The other fields are parsed here.
const OtherFieldsSchema = SessionSchema.omit({ history: true, interrupts: true, branches: true, snapshots: true });

/**
 * Reads stored session data: parsed, never trusted. A shape this code does not know, or data
 * that no longer parses, is `data-loss` (the session can't be continued safely). `parsed`: the
 * parts the caller already parsed, which `data` then leaves out.
 */
export function parseSession(data: unknown, id: string, parsed?: ParsedParts): Session {
  const version = (data as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (version !== SESSION_SCHEMA_VERSION) {
    throw new KitError(
      'data-loss',
      `session '${id}' has schema version ${String(version)}, expected ${SESSION_SCHEMA_VERSION}`,
    );
  }
  const valid = <T>(result: z.ZodSafeParseResult<T>): T => {
    if (result.success) return result.data;
    throw new KitError('data-loss', `session '${id}' is not a valid session: ${z.prettifyError(result.error)}`);
  };
  if (!parsed) return valid(SessionSchema.safeParse(data));
  const { history, interrupts, branches, snapshots } = parsed;
  return {
    ...valid(OtherFieldsSchema.safeParse(data)),
    history,
    interrupts,
    ...(branches ? { branches } : {}),
    ...(snapshots?.length ? { snapshots } : {}),
  };
}
