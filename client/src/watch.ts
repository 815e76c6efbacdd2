import { CONTROL_COLLECTION, chunkId, LIVE_DOC_ID, QUEUE_DOC_ID } from '@callable-flows/protocol/session-doc';
import {
  type DocumentReference,
  type DocumentSnapshot,
  doc,
  type Firestore,
  onSnapshot,
  type Unsubscribe,
} from 'firebase/firestore';
import { FlowError, toFlowError } from './flow-error.js';
import type { FlowTypes } from './flow-types.js';
import { SessionSnapshots } from './session-snapshots.js';
import type { SessionView } from './session-view.js';

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
 * (each listened to once; a chunk is written once), and the messages queued behind a running
 * turn (its queue document, `control/queue`: one more listen target), and the words the running
 * round's model streams, from any device (its live document, `control/live`: one more). It reads through the SDK's cache: offline,
 * or with a persistent cache after a reload, the cached view comes first (`fromCache`).
 * Returns the unsubscribe; after an error, nothing more is called.
 */
export function watch<T extends FlowTypes = FlowTypes>(
  firestore: Firestore,
  sessionId: string,
  observer: WatchObserver<T>,
  options: WatchOptions = {},
): Unsubscribe {
  const sessionRef = doc(firestore, options.sessions ?? 'sessions', sessionId);
  const history = options.history ?? 'history';
  const seen = new SessionSnapshots<T>(sessionId);
  const chunkListeners = new Map<number, Unsubscribe>();
  const stops: Unsubscribe[] = [];
  let ended = false;

  const stopAll = (): void => {
    ended = true;
    for (const stop of [...stops, ...chunkListeners.values()]) stop();
    chunkListeners.clear();
  };
  const fail = (error: unknown): void => {
    if (ended) return;
    stopAll();
    observer.error?.(error instanceof FlowError ? error : toFlowError(error));
  };
  // Each snapshot is taken into `seen` (a throw ends the watch), then the view, once it adds up, is shown.
  const listen = (ref: DocumentReference, take: (snap: DocumentSnapshot) => void): Unsubscribe =>
    onSnapshot(
      ref,
      (snap) => {
        try {
          take(snap);
        } catch (error) {
          return fail(error);
        }
        const view = ended ? undefined : seen.view();
        if (view) observer.next(view);
      },
      fail,
    );
  const listenChunk = (index: number): void => {
    const ref = doc(sessionRef, history, chunkId(index));
    chunkListeners.set(
      index,
      listen(ref, (snap) => seen.chunk(index, snap.get('text'))),
    );
  };
  stops.push(listen(doc(sessionRef, CONTROL_COLLECTION, QUEUE_DOC_ID), (snap) => seen.queue(snap.data())));
  // The running round's words, written by the server at most once a second while they stream.
  stops.push(listen(doc(sessionRef, CONTROL_COLLECTION, LIVE_DOC_ID), (snap) => seen.live(snap.data())));
  stops.push(
    listen(sessionRef, (snap) => {
      if (!snap.exists()) throw new FlowError('not-found', `no session '${sessionId}'`);
      const changes = seen.document(snap.data(), snap.metadata.fromCache);
      for (const index of changes.listen) listenChunk(index);
      for (const index of changes.stop) chunkListeners.get(index)?.();
      for (const index of changes.stop) chunkListeners.delete(index);
    }),
  );
  return () => {
    if (!ended) stopAll();
  };
}
