export {
  type ApprovalNotice,
  type ApprovalNotices,
  type ApprovalState,
  type NoticeClaim,
  needsNotice,
  type WaitingApproval,
  type WaitingCallRef,
  type WaitingPage,
  type WaitingScan,
} from './approval-notices.js';
export { emptySession } from './empty-session.js';
export type { LiveRound, LiveWords } from './live-words.js';
export { defaultCacheBytes, LruSessionCache } from './lru-session-cache.js';
export { InMemorySessionStore } from './memory-session-store.js';
export { parseSession } from './parse-session.js';
export { pendingOf, withPending } from './pending-of.js';
export { artifactsOnBranch, headArtifacts, keptVersions, shownVersions } from './session-artifacts.js';
export {
  branchHistory,
  forkedBranches,
  headBranchOf,
  journalOf,
  type SnapshotView,
  snapshotIdOf,
  snapshotView,
  withSnapshot,
} from './session-branches.js';
export { SESSION_LIMITS } from './session-limits.js';
export {
  PendingInterruptSchema,
  type RequestOutcome,
  type RequestRecord,
  type Session,
  type SessionBranches,
  SessionSchema,
  type SessionStatus,
  type StoredResult,
  type Summary,
  TurnResultSchema,
  type TurnState,
} from './session-schema.js';
export { type Standing, standingOf, statusAfter } from './session-standing.js';
export {
  isWriteConflict,
  type SessionDeleteOptions,
  type SessionLoadOptions,
  type SessionRecord,
  type SessionStore,
  type SessionWriteOptions,
} from './session-store.js';
export type {
  ScannedSession,
  SessionScan,
  SessionWrite,
  SweepableSessionStore,
  SweptSession,
} from './session-sweep.js';
export { type TimedCopies, timedHistory } from './timed-history.js';
export { turnOutcome } from './turn-outcome.js';
export { positionOf, type QueuedMessage, type QueueWithdraw, type TurnQueue } from './turn-queue.js';
export type { StopRecord, TurnStops } from './turn-stops.js';
export type { WaitingCount, WaitingFilter } from './waiting-questions.js';
