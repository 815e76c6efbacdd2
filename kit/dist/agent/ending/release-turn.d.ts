import type { Session } from '../../session/session-schema.js';
import type { TurnJournal, TurnWriter } from '../running/index.js';
import type { AgentRuntime } from '../runtime/index.js';
/**
 * Writes the write that gives the lease up, again after a failure of the store: the writer
 * refuses nothing after a failed release, so a session is never left `running` by a store
 * that failed once. A lost lease is final (another call holds the session).
 */
export declare function writeRelease(writer: TurnWriter, update: (session: Session) => Session): Promise<void>;
/**
 * Gives the lease up after a failed turn, storing its journal as it stands (what ran, with its
 * results; approved calls stay approved) and why it failed. It waits only for calls still
 * waiting for a person; otherwise it is `failed`, and a retry goes on from the journal. When
 * the store takes no release, this instance sees through the lease from now on, so the retry
 * that lands here is admitted at once (another instance waits for the lease to lapse).
 */
export declare function releaseAfterFailure(rt: AgentRuntime, writer: TurnWriter, journal: TurnJournal, error: unknown, signal?: AbortSignal): Promise<void>;
