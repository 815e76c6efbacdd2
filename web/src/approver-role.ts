import type { ApproverAddress } from '@callable-flows/client';
import { toolWords } from './approval-copy.js';

/** The custom claim of the demo's approvers (functions/src/flows/refunds/refund-order.ts): its holders get the Approvals view. */
export const APPROVER_CLAIM = 'manager';

/** Who is looking: their uid and their ID token's claims (`getIdTokenResult().claims`). */
export interface Viewer {
  uid: string;
  claims: Record<string, unknown>;
}

/**
 * True when `viewer` may answer a call addressed to `address` (its stamp): always for a call of
 * the owner's alone (no address) or one whose tool only names a check (no uids, no claim: the
 * server decides); else only when the address names them, by uid or by a claim they hold, since
 * the tool's check refuses anyone else, the owner included.
 */
export function mayAnswer(address: ApproverAddress | undefined, viewer: Viewer | undefined): boolean {
  if (address === undefined || (address.uids.length === 0 && address.claim === undefined)) return true;
  if (!viewer) return false;
  return address.uids.includes(viewer.uid) || (address.claim !== undefined && viewer.claims[address.claim] === true);
}

/** Who a call addressed to `address` waits for, in words: "a manager" (its claim), else "an approver". */
export function waitsForWords(address: ApproverAddress): string {
  const who = address.claim === undefined ? 'approver' : toolWords(address.claim);
  return `${/^[aeiou]/i.test(who) ? 'an' : 'a'} ${who}`;
}

/**
 * The waiting approvals of `waiting` that `viewer` may answer: what the tab's title and a
 * notification count. One that waits for a manager is not the owner's to act on (its card says
 * who it waits for), so it never calls them back to the tab.
 */
export function answerableBy<T extends { approvers?: ApproverAddress }>(
  waiting: readonly T[],
  viewer: Viewer | undefined,
): T[] {
  return waiting.filter((one) => mayAnswer(one.approvers, viewer));
}
