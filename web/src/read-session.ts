import { doc, type Firestore, getDoc } from 'firebase/firestore';
import { type HistoryMessage, parseHistory, type SessionStatus, type StoredSession } from './history.js';

/** The session document's `history` field: where its messages lie. */
export interface HistoryField {
  length: number;
  sealed: number;
  chunks: number[];
  /** Message `i` of the tail (from `sealed` on) as one JSON line, in field `m<i>` (six digits). */
  lines?: Record<string, string>;
  /** The tail as one text, in documents written before `lines`. */
  tail?: string;
}

/** The tail of a session's history as one text of JSON lines, whichever way the document keeps it. */
export function tailOf(history: HistoryField): string | undefined {
  if (typeof history.tail === 'string') return history.tail;
  if (typeof history.lines !== 'object' || history.lines === null) return undefined;
  let tail = '';
  for (let i = history.sealed; i < history.length; i++) tail += history.lines[`m${String(i).padStart(6, '0')}`] ?? '';
  return tail;
}

export const STATUSES: readonly SessionStatus[] = ['idle', 'running', 'interrupted', 'expired', 'failed'];

/** The id of chunk document `index` under a session (the kit's FirestoreSessionStore names them so). */
export const chunkId = (index: number): string => `c${String(index).padStart(6, '0')}`;

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
  const status = snap.get('status') as SessionStatus;
  const history = snap.get('history') as HistoryField | undefined;
  const tail = history && tailOf(history);
  if (!STATUSES.includes(status) || tail === undefined || !Array.isArray(history?.chunks)) {
    throw new SessionReadError('data-loss', `session '${id}' is not a session document this app knows`);
  }
  const chunks = await Promise.all(
    (history as HistoryField).chunks.map(async (_, i) =>
      (await getDoc(doc(db, 'sessions', id, 'history', chunkId(i)))).get('text'),
    ),
  );
  const messages: HistoryMessage[] | undefined = chunks.every((text) => typeof text === 'string')
    ? parseHistory(chunks as string[], tail, (history as HistoryField).length)
    : undefined;
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
