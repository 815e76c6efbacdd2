import {
  type Conversation,
  type RunningStep,
  type SessionStatus,
  type SessionView,
  type WatchedArtifact,
  watch,
} from '@callable-flows/client';
import type { Firestore } from 'firebase/firestore';
import type { AssistantTypes } from './assistant.js';
import type { LiveWords } from './live-words.js';
import { queuedText } from './queued-messages.js';

/**
 * A session as the page follows it: its conversation as the typed client reads it (messages,
 * calls, interrupts, results, how the last turn ended), where it stands, the step of the turn
 * that runs now, and what waits.
 */
export interface LiveSession extends Conversation<AssistantTypes> {
  id: string;
  status: SessionStatus;
  /** The running turn's step (`model` or `tools`); undefined when no turn runs. */
  running: RunningStep | undefined;
  /** When the running turn's lease lapses unless its server renews it (epoch ms): past it, that server went away. */
  leaseExpiresAt: number | undefined;
  /** The messages queued behind the running turn, oldest first (an agent with `whileBusy: 'queue'`), and what each waits for. */
  queued: { requestId: string; text: string; waitsFor: 'answer' | 'approval' }[];
  /** The request ids the session shows it took: its turns' (the running one, the last, those it keeps a record of), and the queued messages'. */
  requestIds: string[];
  /** The words the running round's model is streaming, from the server (undefined when none stream). */
  live: LiveWords | undefined;
  /** What the conversation's tools made, each name's last version (absent: none). */
  artifacts?: WatchedArtifact[];
  /**
   * The client's view this was read from (its branches, snapshots and versions): what an edit,
   * a regenerate or a switch of version goes on from.
   */
  view: SessionView<AssistantTypes>;
}

/** What a live session calls: each new state of it, and the error that ended the following. */
export interface LiveObserver {
  next(session: LiveSession): void;
  error(error: unknown): void;
}

/** What the page follows of `view`: the session as `watch` delivers it, or a branch of it (`showBranch`). */
export function liveSessionOf(view: SessionView<AssistantTypes>): LiveSession {
  return {
    id: view.id,
    status: view.status,
    messages: view.messages,
    calls: view.calls,
    interrupts: view.interrupts,
    results: view.results,
    outcome: view.outcome,
    running: view.running?.step,
    leaseExpiresAt: view.running?.leaseExpiresAt,
    queued: view.queued.map((queued) => ({
      requestId: queued.requestId,
      text: queuedText(queued),
      waitsFor: queued.waitsFor,
    })),
    requestIds: [
      view.running?.requestId,
      view.outcome?.requestId,
      ...view.takenRequests,
      ...view.queued.map((queued) => queued.requestId),
    ].filter((id): id is string => id !== undefined),
    live: view.live ? { text: view.live.text } : undefined,
    artifacts: view.artifacts,
    view,
  };
}

/**
 * Follows one of the caller's own sessions (in collection `sessions`) live with the typed client's `watch` (the session
 * document, its history chunks and its queue, as firestore.rules allow): every write of a turn,
 * on this tab or another, arrives as a new state. Returns the unsubscribe.
 */
export function watchSession(db: Firestore, id: string, observer: LiveObserver, sessions = 'sessions'): () => void {
  return watch<AssistantTypes>(
    db,
    id,
    { next: (view) => observer.next(liveSessionOf(view)), error: (error) => observer.error(error) },
    { sessions },
  );
}
