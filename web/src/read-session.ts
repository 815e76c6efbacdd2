import { chunkId, historyLines, SessionDocSchema, tailOf } from '@callable-flows/protocol/session-doc';
import { doc, type Firestore, getDoc } from 'firebase/firestore';
import { parseHistory, type StoredSession } from './history.js';

/** An error the app words like a Firestore one (it has a `code`). */
class SessionReadError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function readOnce(db: Firestore, id: string): Promise<StoredSession | undefined> {
  const snap = await getDoc(doc(db, 'sessions', id));
  if (!snap.exists()) throw new SessionReadError('not-found', `no session '${id}'`);
  const parsed = SessionDocSchema.safeParse(snap.data());
  if (!parsed.success)
    throw new SessionReadError('data-loss', `session '${id}' is not a session document this app knows`);
  const { status, history } = parsed.data;
  const chunks = await Promise.all(
    history.chunks.map(async (_, i) => (await getDoc(doc(db, 'sessions', id, 'history', chunkId(i)))).get('text')),
  );
  if (!chunks.every((text): text is string => typeof text === 'string')) return undefined;
  const lines = historyLines(history, chunks, tailOf(history));
  const messages = lines && parseHistory(lines);
  return messages && { id, status, history: messages };
}

/**
 * Reads one of the caller's own sessions, as firestore.rules allow: the session document and
 * the history chunk documents under it. Another user's session (or one that doesn't exist) is
 * refused by the rules with `permission-denied`.
 */
export async function readSession(db: Firestore, id: string): Promise<StoredSession> {
  // The functions write the document and its chunks in one batch, but our reads are two: if a
  // turn landed between them, read again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const session = await readOnce(db, id);
    if (session) return session;
  }
  throw new SessionReadError('unavailable', `session '${id}' kept changing while it was read`);
}
