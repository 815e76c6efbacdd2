import { isKitError, KitError } from '../errors/index.js';
import type { UsageCharge } from '../usage/index.js';
import type { ApprovalNotices } from './approval-notices.js';
import type { LiveWords } from './live-words.js';
import type { Session } from './session-schema.js';
import type { TurnQueue } from './turn-queue.js';
import type { TurnStops } from './turn-stops.js';
import type { WaitingCount } from './waiting-questions.js';

/** A session as a store read or wrote it, with the token a conditional write must present. */
export interface SessionRecord {
  readonly session: Session;
  /** Changes with every write (Firestore's update time; a counter in memory). */
  readonly etag: string;
  /** What the store needs to write the next version cheaply (its history layout); opaque to others. */
  readonly storage?: unknown;
}

/** The copy of a session a conditional change names: its etag, and what the store read with it. */
export type SessionVersion = Pick<SessionRecord, 'etag' | 'storage'>;

/** Options of {@link SessionStore.delete}. */
export interface SessionDeleteOptions {
  /**
   * Delete only while the stored session is still this copy (a write conflict otherwise): a
   * sweep that decided on an old copy never deletes a session a turn has written since.
   */
  expected?: SessionVersion;
}

/** Options of {@link SessionStore.write}. */
export interface SessionWriteOptions {
  /** The lease id the stored session must hold: a turn's writes are fenced by it. */
  fence?: string;
  /**
   * Tokens the write journals, charged to the session's owner in the same commit (a store that
   * `chargesUsage`; others ignore it): what a turn spent is counted only if what it did is stored.
   */
  charge?: UsageCharge;
}

/** Options of {@link SessionStore.load}. */
export interface SessionLoadOptions {
  /** Read the store itself, past any cache (a cached copy showed a lease that may be gone). */
  fresh?: boolean;
}

/**
 * Where sessions live. Writes are compare-and-set: `write` succeeds only while the stored
 * session is still the one `expected` names, so a stale copy can never overwrite newer state.
 * Every implementation passes the shared conformance suite (`test-utils/session-store-conformance.ts`).
 */
export interface SessionStore {
  /**
   * The stored session, or undefined when there is none. What was read goes through
   * `parseSession`: the agent trusts a loaded session's history and doesn't check it again.
   */
  load(id: string, options?: SessionLoadOptions): Promise<SessionRecord | undefined>;
  /** Stores a new session; `already-exists` when the id is taken. */
  create(session: Session): Promise<SessionRecord>;
  /**
   * Replaces `expected` by `next`; rejects with a write conflict (`aborted`, see
   * {@link isWriteConflict}) when the stored session changed since `expected` was read.
   */
  write(expected: SessionRecord, next: Session, options?: SessionWriteOptions): Promise<SessionRecord>;
  /** Deletes a session with its whole history. */
  delete(id: string, options?: SessionDeleteOptions): Promise<void>;
  /** Where a stop reaches a running turn; a store without it can't stop turns (`unimplemented`). */
  readonly stops?: TurnStops;
  /** Where messages sent while a turn runs wait; a store without it can't queue (`unimplemented`). */
  readonly queue?: TurnQueue;
  /** Where a running round's words wait for every watcher; a store without it streams to the asking call only. */
  readonly live?: LiveWords;
  /** The notices of the store's approvals inbox; a store without one can't tell of a waiting approval. */
  readonly approvals?: ApprovalNotices;
  /** How many approvals wait, by owner and by agent, from stored state; a store without it bounds none (`waitingApprovals`). */
  readonly waitingCount?: WaitingCount;
  /**
   * True when a write's `charge` lands in the usage counters with it (the budgets of `onCallFlow`'s
   * `limits` then count every turn's tokens, not the caller's reply).
   */
  readonly chargesUsage?: boolean;
}

/** The error of a compare-and-set write that lost: someone wrote the session first. */
export function writeConflict(id: string, why = 'it changed since it was read'): KitError {
  return new KitError('aborted', `session '${id}' was not written: ${why}`, { details: { conflict: true } });
}

/** True for the error a store's `write` rejects with when the session changed underneath it. */
export function isWriteConflict(error: unknown): boolean {
  return isKitError(error) && error.code === 'aborted' && error.details?.conflict === true;
}

/** Checks the fence of a write against the session it replaces (a store calls it before writing). */
export function assertFence(expected: SessionRecord, options: SessionWriteOptions | undefined): void {
  if (options?.fence !== undefined && expected.session.lease?.id !== options.fence) {
    throw writeConflict(expected.session.id, 'the turn no longer holds its lease');
  }
}

/** Checks that `next` may replace `expected`: same session, a later version. */
export function assertSuccessor(expected: SessionRecord, next: Session): void {
  if (next.id !== expected.session.id) {
    throw new KitError('internal', `a write of session '${expected.session.id}' carries session '${next.id}'`);
  }
  if (next.version <= expected.session.version) {
    throw new KitError(
      'internal',
      `session '${next.id}' version must go up (${expected.session.version} → ${next.version})`,
    );
  }
}
