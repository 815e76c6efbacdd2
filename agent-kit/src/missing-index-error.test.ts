import { isKitError } from '@callable-flows/kit/errors/index.js';
import { describe, expect, it } from 'vitest';
import type { IndexProbe } from './index-probe.js';
import { isMissingIndexError, missingIndexesError } from './missing-index-error.js';

// What firebase-admin rejects a query with when its composite index is missing (the emulator
// enforces no composite index, so this text is Firestore's as the SDK reports it: gRPC code 9).
const LINK = 'https://console.firebase.google.com/v1/r/project/demo-kit/firestore/indexes?create_composite=Cl9w';
const SDK_ERROR = Object.assign(
  new Error(`9 FAILED_PRECONDITION: The query requires an index. You can create it here: ${LINK}`),
  { code: 9, details: `The query requires an index. You can create it here: ${LINK}` },
);

const PROBE: IndexProbe = {
  collectionGroup: 'ops_approvals',
  scope: 'COLLECTION',
  filters: [{ field: 'state', op: '==' }],
  orderBy: { field: 'waitingSince', direction: 'asc' },
};

describe('isMissingIndexError', () => {
  it("is true for Firestore's FAILED_PRECONDITION that a query requires an index, in each client's code", () => {
    expect(isMissingIndexError(SDK_ERROR)).toBe(true);
    expect(isMissingIndexError({ code: 'failed-precondition', message: 'The query requires an index.' })).toBe(true);
    expect(isMissingIndexError({ code: 'FAILED_PRECONDITION', message: 'The query requires an index.' })).toBe(true);
  });

  it('is false for another failed precondition, another code, or no error object', () => {
    expect(isMissingIndexError({ code: 9, message: '9 FAILED_PRECONDITION: the stored version does not match' })).toBe(
      false,
    );
    expect(isMissingIndexError({ code: 14, message: 'The query requires an index.' })).toBe(false);
    expect(isMissingIndexError('The query requires an index.')).toBe(false);
    expect(isMissingIndexError(null)).toBe(false);
  });
});

describe('missingIndexesError', () => {
  it("is failed-precondition naming the index, keeping Firestore's link, and says what to run for the prefix", () => {
    const error = missingIndexesError([{ probe: PROBE, message: SDK_ERROR.message }], 'ops_');
    expect(isKitError(error)).toBe(true);
    expect(error.code).toBe('failed-precondition');
    expect(error.details).toMatchObject({ reason: 'SERVER_MISCONFIGURED' });
    expect(error.message).toContain('an index this agent needs');
    expect(error.message).toContain('ops_approvals (state, waitingSince asc)');
    expect(error.message).toContain(LINK);
    expect(error.message).toContain('npx -p @callable-flows/kit callable-flows-firestore --prefix ops_');
  });

  it('counts several missing indexes and names the unprefixed command without a prefix', () => {
    const error = missingIndexesError(
      [
        { probe: PROBE, message: 'a' },
        { probe: { ...PROBE, collectionGroup: 'approvals' }, message: 'b' },
      ],
      '',
    );
    expect(error.message).toContain('missing 2 indexes');
    expect(error.message).toContain('`npx -p @callable-flows/kit callable-flows-firestore`');
  });
});
