import { type RunningStep, type TurnOutcome, watch } from '@callable-flows/client';
import type { Firestore } from 'firebase/firestore';
import type { AssistantTypes } from './assistant.js';
import type { StoredSession } from './history.js';
import { queuedText } from './queued-messages.js';

/** A session as the page follows it: what is stored, the step of the turn that runs now, and what waits. */
export interface LiveSession extends StoredSession {
  /** The running turn's step (`model` or `tools`); undefined when no turn runs. */
  running: RunningStep | undefined;
  /** The messages queued behind the running turn, oldest first (an agent with `whileBusy: 'queue'`). */
  queued: { requestId: string; text: string }[];
  /** How the last turn ended (stopped: by which client, when); undefined while a turn runs. */
  outcome: TurnOutcome | undefined;
}

/** What a live session calls: each new state of it, and the error that ended the following. */
export interface LiveObserver {
  next(session: LiveSession): void;
  error(error: unknown): void;
}

/**
 * Follows one of the caller's own sessions live with the typed client's `watch` (the session
 * document, its history chunks and its queue, as firestore.rules allow): every write of a turn,
 * on this tab or another, arrives as a new state. Returns the unsubscribe.
 */
export function watchSession(db: Firestore, id: string, observer: LiveObserver): () => void {
  return watch<AssistantTypes>(db, id, {
    next: (view) =>
      observer.next({
        id: view.id,
        status: view.status,
        history: view.messages,
        running: view.running?.step,
        queued: view.queued.map((queued) => ({ requestId: queued.requestId, text: queuedText(queued) })),
        outcome: view.outcome,
      }),
    error: (error) => observer.error(error),
  });
}
