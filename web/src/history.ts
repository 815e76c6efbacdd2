import type { WatchedMessage } from '@callable-flows/client';
import type { SessionStatus } from '@callable-flows/protocol/session-doc';

// A session's stored history as this client reads it: messages of parts (the kit's model
// contract, docs/architecture.md). Only the fields the app shows are typed; the rest is passed over.

/** A stored message and its parts: the typed client's reading of the kit's history lines. */
export type { WatchedMessage as HistoryMessage, WatchedPart as HistoryPart } from '@callable-flows/client';

/** Where a session stands (the session document's `status`). */
export type { SessionStatus } from '@callable-flows/protocol/session-doc';

/** A session as the app restores it. */
export interface StoredSession {
  id: string;
  status: SessionStatus;
  history: WatchedMessage[];
}
