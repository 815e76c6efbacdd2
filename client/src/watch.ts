import { chunkId, type SessionDoc, SessionDocSchema } from '@callable-flows/protocol/session-doc';
import { doc, type Firestore, onSnapshot, type Unsubscribe } from 'firebase/firestore';
import { FlowError, toFlowError } from './flow-error.js';
import type { FlowTypes } from './flow-types.js';
import { type SessionView, toSessionView } from './session-view.js';

/** Where the functions keep their sessions (their store's `collections`); the defaults are the kit's. */
export interface WatchOptions {
  /** The session collection; default `sessions`. */
  sessions?: string;
  /** The history chunk subcollection under a session; default `history`. */
  history?: string;
}

/** What `watch` calls: each new view, and the error that ended the watch. */
export interface WatchObserver<T extends FlowTypes = FlowTypes> {
  next(view: SessionView<T>): void;
  /** The watch has ended: `permission-denied` for another user's session (or none), `data-loss` for a document this client can't read. */
  error?(error: FlowError): void;
}

/**
 * Watches session `sessionId` live: `observer.next` gets a typed view of it (messages, interrupts
 * and their decisions, the status and the running turn's step) on every change of the session
 * document, decoded with the protocol's session codec, with the sealed history chunks it names
 * (each listened to once; a chunk is written once). It reads through the SDK's cache: with
 * persistence on, a reload or an offline start shows the cached view first (`fromCache`).
 * Returns the unsubscribe; after an error, nothing more is called.
 */
export function watch<T extends FlowTypes = FlowTypes>(
  firestore: Firestore,
  sessionId: string,
  observer: WatchObserver<T>,
  options: WatchOptions = {},
): Unsubscribe {
  const sessions = options.sessions ?? 'sessions';
  const history = options.history ?? 'history';
  const chunks = new Map<number, { text: string | undefined; stop: Unsubscribe }>();
  let current: { doc: SessionDoc; fromCache: boolean } | undefined;
  let ended = false;
  let stopDoc: Unsubscribe = () => undefined;

  const stopAll = (): void => {
    ended = true;
    stopDoc();
    for (const chunk of chunks.values()) chunk.stop();
    chunks.clear();
  };
  const fail = (error: unknown): void => {
    if (ended) return;
    stopAll();
    observer.error?.(error instanceof FlowError ? error : toFlowError(error));
  };
  const emit = (): void => {
    if (ended || !current) return;
    const texts: string[] = [];
    for (let i = 0; i < current.doc.history.chunks.length; i++) {
      const text = chunks.get(i)?.text;
      if (text === undefined) return; // still loading: its snapshot emits
      texts.push(text);
    }
    const view = toSessionView<T>(current.doc, texts, current.fromCache);
    if (view) observer.next(view);
  };
  const listenChunk = (index: number): void => {
    if (chunks.has(index)) return;
    const entry: { text: string | undefined; stop: Unsubscribe } = { text: undefined, stop: () => undefined };
    chunks.set(index, entry);
    entry.stop = onSnapshot(
      doc(firestore, sessions, sessionId, history, chunkId(index)),
      (snap) => {
        const text = snap.get('text');
        entry.text = typeof text === 'string' ? text : undefined;
        emit();
      },
      fail,
    );
  };
  stopDoc = onSnapshot(
    doc(firestore, sessions, sessionId),
    (snap) => {
      if (!snap.exists()) return fail(new FlowError('not-found', `no session '${sessionId}'`));
      const parsed = SessionDocSchema.safeParse(snap.data());
      if (!parsed.success) {
        return fail(new FlowError('data-loss', `session '${sessionId}' is not a session document this client knows`));
      }
      current = { doc: parsed.data, fromCache: snap.metadata.fromCache };
      const count = parsed.data.history.chunks.length;
      for (let i = 0; i < count; i++) listenChunk(i);
      for (const [i, chunk] of chunks) {
        if (i < count) continue;
        chunk.stop();
        chunks.delete(i);
      }
      emit();
    },
    fail,
  );
  return () => {
    if (!ended) stopAll();
  };
}
