/** A stop asked of the turn that holds lease `leaseId` (a stop names its turn: a later turn never sees it). */
export interface StopRecord {
  leaseId: string;
  /** When it was asked (ms since the epoch). */
  at: number;
  /** The stop request's own id, when its client sent one. */
  requestId?: string;
  /** Who asked it (the session's owner; absent in stops asked before it was recorded). */
  uid?: string;
  /** The client that asked it, when it named itself (the stop request's `clientId`). */
  clientId?: string;
}

/**
 * Where a stop reaches the running turn, on whatever instance it runs. Kept beside the session,
 * never in it: a session write is a compare-and-set, so a stop written into the session would
 * fail the running turn's next journal write instead of stopping it cleanly.
 */
export interface TurnStops {
  /** Asks the turn that holds `stop.leaseId` on session `sessionId` to stop. */
  ask(sessionId: string, stop: StopRecord): Promise<void>;
  /** The last stop asked of the session, if any. */
  last(sessionId: string): Promise<StopRecord | undefined>;
  /** Calls `onStop` once a stop for lease `leaseId` is asked (also one asked before); returns the unsubscribe. */
  listen(sessionId: string, leaseId: string, onStop: (stop: StopRecord) => void): () => void;
}
