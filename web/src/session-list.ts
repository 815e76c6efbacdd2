import { parseMessages, type SessionStatus } from '@callable-flows/client';
import { chunkId, millis, type SessionDoc, SessionDocSchema, tailOf } from '@callable-flows/protocol/session-doc';
import { collection, doc, type Firestore, getDoc, getDocs, limit, orderBy, query, where } from 'firebase/firestore';
import { transcriptOf } from './transcript.js';

/** One of the person's conversations, as the conversation list shows it. */
export interface SessionSummary {
  id: string;
  status: SessionStatus;
  /** The person's first message (the list's title); undefined when it can't be read (summarised away). */
  firstMessage: string | undefined;
  createdAt: number;
  updatedAt: number;
}

/** The words of a stored message when it is the person's. */
function userWords(line: string | undefined): string | undefined {
  if (!line) return undefined;
  const [message] = parseMessages([line]) ?? [];
  const [first] = transcriptOf({ messages: message ? [message] : [], interrupts: [], results: [] });
  return first?.kind === 'user' ? first.text : undefined;
}

/** The first message of a session: in its first chunk document once sealed, else the document's own tail. */
async function firstMessage(db: Firestore, sessions: string, session: SessionDoc): Promise<string | undefined> {
  const { history } = session;
  if (history.length === 0) return undefined;
  const text =
    history.sealed > 0
      ? ((await getDoc(doc(db, sessions, session.id, 'history', chunkId(0)))).get('text') as unknown)
      : tailOf(history);
  return typeof text === 'string' ? userWords(text.split('\n', 1)[0]) : undefined;
}

/** Where the conversations are: the agent's name on its sessions, and their collection. */
export interface SessionsOf {
  agent: string;
  sessions: string;
}

/**
 * The caller's `max` most recently updated conversations with agent `of.agent`, newest first. The
 * query filters on the caller's own uid, which is what lets firestore.rules allow a list
 * (firestore.indexes.json has its index: ownerUid, agent, updatedAt).
 */
export async function listSessions(db: Firestore, uid: string, of: SessionsOf, max = 20): Promise<SessionSummary[]> {
  const newest = query(
    collection(db, of.sessions),
    where('ownerUid', '==', uid),
    where('agent', '==', of.agent),
    orderBy('updatedAt', 'desc'),
    limit(max),
  );
  // Read with the same codec the functions write with; a document it doesn't know is left out.
  const sessions = (await getDocs(newest)).docs.flatMap((snap) => {
    const parsed = SessionDocSchema.safeParse(snap.data());
    return parsed.success ? [{ ...parsed.data, id: snap.id }] : [];
  });
  return Promise.all(
    sessions.map(async (session) => ({
      id: session.id,
      status: session.status,
      firstMessage: await firstMessage(db, of.sessions, session).catch(() => undefined),
      createdAt: millis(session.createdAt),
      updatedAt: millis(session.updatedAt),
    })),
  );
}
