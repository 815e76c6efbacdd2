/** How long an approver's push speaks for the approvals that follow it: one push a minute at most. */
export const PUSH_WINDOW_MS = 60_000;

/** Most approval ids an approver's record keeps (a flood of approvals is counted up to this). */
export const MAX_WINDOW_IDS = 200;

/**
 * What an approver's window says of one approval: `push` it now, speaking for `count` approvals
 * (it and the ones held since the last push); `held` until the minute is over; or already `told`
 * (it was counted in a push).
 */
export type PushAdmission = { kind: 'push'; count: number } | { kind: 'held' } | { kind: 'told' };

/** One approver's window, as stored: when they were last pushed to, and which approvals that push and the ones since speak for. */
export interface PushWindowRecord {
  /** Epoch ms of the last push. */
  sentAt: number;
  /** The approvals the last push counted. */
  told: readonly string[];
  /** The approvals held since, to be counted in the next push. */
  held: readonly string[];
  /** The approval whose push it was (the one a retraction names). */
  pushedFor: string;
}

/**
 * Where each approver's pushes are coalesced: one push per approver per window, with the count of
 * the approvals it speaks for. The decision and its record are one atomic step, so two instances
 * telling one approver of two approvals in the same second push once.
 */
export interface PushWindow {
  admit(uid: string, approvalId: string, now: number): Promise<PushAdmission>;
  /** Gives back the minute of `approvalId`'s push, which reached no device: what it counted is held again. */
  retract(uid: string, approvalId: string): Promise<void>;
}

/** The pure step of a window: what `record` says of `approvalId` at `now`, and the record to store (none when unchanged). */
export function admitToWindow(
  record: PushWindowRecord | undefined,
  approvalId: string,
  now: number,
  windowMs: number,
): { admission: PushAdmission; next?: PushWindowRecord } {
  if (record?.told.includes(approvalId)) return { admission: { kind: 'told' } };
  if (record && now - record.sentAt < windowMs) {
    if (record.held.includes(approvalId)) return { admission: { kind: 'held' } };
    const held = [...record.held, approvalId].slice(-MAX_WINDOW_IDS);
    return { admission: { kind: 'held' }, next: { ...record, held } };
  }
  const told = [...(record?.held ?? []).filter((id) => id !== approvalId), approvalId].slice(-MAX_WINDOW_IDS);
  return {
    admission: { kind: 'push', count: told.length },
    next: { sentAt: now, told, held: [], pushedFor: approvalId },
  };
}

/** The record once `approvalId`'s push is retracted: the window open, what it counted held; undefined when that push is no longer the last. */
export function retractFromWindow(
  record: PushWindowRecord | undefined,
  approvalId: string,
): PushWindowRecord | undefined {
  if (record?.pushedFor !== approvalId) return undefined;
  const held = [...record.told, ...record.held.filter((id) => !record.told.includes(id))].slice(-MAX_WINDOW_IDS);
  return { sentAt: 0, told: [], held, pushedFor: '' };
}

/** A window in this instance's memory: for tests and a single instance (instances don't share it). */
export function memoryPushWindow(windowMs = PUSH_WINDOW_MS): PushWindow {
  const records = new Map<string, PushWindowRecord>();
  return {
    async admit(uid, approvalId, now) {
      const { admission, next } = admitToWindow(records.get(uid), approvalId, now, windowMs);
      if (next) records.set(uid, next);
      return admission;
    },
    async retract(uid, approvalId) {
      const next = retractFromWindow(records.get(uid), approvalId);
      if (next) records.set(uid, next);
    },
  };
}
