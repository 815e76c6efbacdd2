/**
 * The words a running round has streamed so far, as the server keeps them beside the session
 * for every watcher (the protocol's live document). It stands for the round whose model message
 * will take history index `from` in the turn that holds lease `leaseId`; the journal replaces it
 * once that message (or another lease) is written, so nothing needs to clear it.
 */
export interface LiveRound {
  ownerUid: string;
  leaseId: string;
  from: number;
  text: string;
  /** The round's visible reasoning so far, when the model streams any. */
  reasoning?: string;
  /**
   * The turn's messages before `from` its journal has not stored yet (rounds of tools declared
   * `sideEffects: 'none'`), as history lines (one message as JSON each), when there are any.
   */
  steps?: string[];
  /** When it was written (epoch ms). */
  at: number;
}

/**
 * Where the live words of a session's running round are kept: one document beside the session,
 * overwritten by each write (so its bytes are bounded by the round's text), never written by
 * clients. Kept beside the session, never in it: a session write is a compare-and-set, so words
 * written there would cost the running turn its lease.
 */
export interface LiveWords {
  /** Replaces the session's live words with `round`'s. */
  write(sessionId: string, round: LiveRound): Promise<void>;
  /** The session's live words as last written, if any. */
  read(sessionId: string): Promise<LiveRound | undefined>;
}
