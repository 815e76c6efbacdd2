import { KitError } from '@callable-flows/kit/errors/index.js';
import type { IndexProbe } from './index-probe.js';

/** A probe Firestore refused for want of its index, with Firestore's own words (they hold the link that creates it). */
export interface MissingIndex {
  readonly probe: IndexProbe;
  readonly message: string;
}

/**
 * Whether `error` is Firestore saying a query needs an index it doesn't have: FAILED_PRECONDITION
 * (gRPC code 9, the SDK's `failed-precondition`, REST's status) with "requires an index" in its text.
 */
export function isMissingIndexError(error: unknown): error is { message: string } {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const preconditionFailed = code === 9 || code === 'failed-precondition' || code === 'FAILED_PRECONDITION';
  return preconditionFailed && typeof message === 'string' && /requires an index/i.test(message);
}

const fieldsOf = (probe: IndexProbe): string =>
  [...probe.filters.map((f) => f.field), `${probe.orderBy.field} ${probe.orderBy.direction}`].join(', ');

/**
 * The refusal of an instance whose Firestore lacks indexes it needs (`failed-precondition`):
 * each missing index by collection and fields with Firestore's text, and what to run. The
 * operator must act, not the caller: its reason is SERVER_MISCONFIGURED, logged as an error.
 */
export function missingIndexesError(missing: readonly MissingIndex[], prefix: string): KitError {
  const each = missing.map((m) => `- ${m.probe.collectionGroup} (${fieldsOf(m.probe)}): ${m.message}`).join('\n');
  const command = `npx -p @callable-flows/kit callable-flows-firestore${prefix ? ` --prefix ${prefix}` : ''}`;
  return new KitError(
    'failed-precondition',
    `Firestore is missing ${missing.length === 1 ? 'an index' : `${missing.length} indexes`} this agent needs:\n${each}\n` +
      `Merge them with \`${command}\` and deploy them with \`firebase deploy --only firestore:indexes\`.`,
    { reason: 'SERVER_MISCONFIGURED' },
  );
}
