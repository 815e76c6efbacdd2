import {
  collection,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  limit,
  orderBy,
  type QueryDocumentSnapshot,
  query,
  where,
} from 'firebase/firestore';
import { type HistoryMessage, parseHistory, type SessionStatus } from './history.js';
import { chunkId, type HistoryField, STATUSES, tailOf } from './read-session.js';
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

/** A Firestore timestamp (or the epoch ms some documents hold) as epoch ms. */
const millis = (value: unknown): number => {
  if (typeof value === 'number') return value;
  const time = value as { toMillis?: () => number } | null | undefined;
  return typeof time?.toMillis === 'function' ? time.toMillis() : 0;
};

/** The words of a stored message when it is the person's. */
function userWords(line: string | undefined): string | undefined {
  if (!line) return undefined;
  const [message] = parseHistory([], `${line}\n`, 1) ?? [];
  const [first] = transcriptOf(message ? [message as HistoryMessage] : [], 'idle');
  return first?.kind === 'user' ? first.text : undefined;
}

/** The first message of a session: in its first chunk document once sealed, else the document's own tail. */
async function firstMessage(db: Firestore, snap: QueryDocumentSnapshot): Promise<string | undefined> {
  const history = snap.get('history') as HistoryField | undefined;
  if (!history || history.length === 0) return undefined;
  const text =
    history.sealed > 0
      ? ((await getDoc(doc(db, 'sessions', snap.id, 'history', chunkId(0)))).get('text') as unknown)
      : tailOf(history);
  return typeof text === 'string' ? userWords(text.split('\n', 1)[0]) : undefined;
}

/**
 * The caller's `max` most recently updated conversations with agent `agent`, newest first. The
 * query filters on the caller's own uid, which is what lets firestore.rules allow a list
 * (firestore.indexes.json has its index: ownerUid, agent, updatedAt).
 */
export async function listSessions(db: Firestore, uid: string, agent: string, max = 20): Promise<SessionSummary[]> {
  const newest = query(
    collection(db, 'sessions'),
    where('ownerUid', '==', uid),
    where('agent', '==', agent),
    orderBy('updatedAt', 'desc'),
    limit(max),
  );
  const snaps = (await getDocs(newest)).docs.filter((snap) => STATUSES.includes(snap.get('status')));
  return Promise.all(
    snaps.map(async (snap) => ({
      id: snap.id,
      status: snap.get('status') as SessionStatus,
      firstMessage: await firstMessage(db, snap).catch(() => undefined),
      createdAt: millis(snap.get('createdAt')),
      updatedAt: millis(snap.get('updatedAt')),
    })),
  );
}
