import type { Approval } from '@callable-flows/client';
import { COPY_FIELDS } from './approval-copy.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A span of time, coarse as a person says it: "less than a minute", "5 minutes", "3 hours", "2 days". */
export function spanWords(ms: number): string {
  const [count, unit] =
    ms >= DAY_MS
      ? [Math.floor(ms / DAY_MS), 'day']
      : ms >= HOUR_MS
        ? [Math.floor(ms / HOUR_MS), 'hour']
        : [Math.floor(ms / MINUTE_MS), 'minute'];
  if (count < 1) return 'less than a minute';
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** How long an approval has waited, and when it expires if nobody answers, as of `now`. */
export function timeWords(
  approval: Pick<Approval, 'waitingSince' | 'expiresAt'>,
  now: number,
): {
  waiting: string;
  expires: string;
} {
  const waiting = `Waiting for ${spanWords(Math.max(0, now - approval.waitingSince))}`;
  if (approval.expiresAt === null) return { waiting, expires: 'Does not expire' };
  const left = approval.expiresAt - now;
  return { waiting, expires: left <= 0 ? 'Expiring now' : `Expires in ${spanWords(left)}` };
}

/** Who asks, as the approver reads it: the owner's name when the app knows it ("Alice"), and their uid. */
export function askerWords(ownerUid: string, names: ReadonlyMap<string, string>): string {
  const name = names.get(ownerUid);
  return name ? `${name} (${ownerUid})` : ownerUid;
}

/** The metadata an inbox entry lists under its words: what the tool presents that isn't the card's own words. */
export function presentedFields(metadata: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(metadata).filter(([key]) => !COPY_FIELDS.has(key)));
}
