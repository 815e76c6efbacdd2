import { OLDEST_PROTOCOL_VERSION, PROTOCOL_VERSION } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { isKitError } from '../errors/index.js';
import { assertProtocolVersion } from './assert-protocol-version.js';

function refusal(data: unknown): unknown {
  try {
    assertProtocolVersion(data);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('assertProtocolVersion', () => {
  it('admits data that names no version (the oldest answered) and every supported version', () => {
    expect(refusal({ message: 'hi' })).toBeUndefined();
    for (let v = OLDEST_PROTOCOL_VERSION; v <= PROTOCOL_VERSION; v++) {
      expect(refusal({ message: 'hi', protocolVersion: v })).toBeUndefined();
    }
  });

  it('refuses a version the server does not answer with failed-precondition UNSUPPORTED_VERSION and the versions it does', () => {
    const error = refusal({ message: 'hi', protocolVersion: PROTOCOL_VERSION + 1 });
    expect(isKitError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'failed-precondition',
      reason: 'UNSUPPORTED_VERSION',
      details: { field: 'protocolVersion', supported: { oldest: OLDEST_PROTOCOL_VERSION, newest: PROTOCOL_VERSION } },
    });
    expect((error as Error).message).toContain('update the app');
  });

  it('refuses a version that is not a whole number from 1 with invalid-argument INVALID_FIELD', () => {
    for (const protocolVersion of ['1', 0, 1.5, null]) {
      expect(refusal({ message: 'hi', protocolVersion })).toMatchObject({
        code: 'invalid-argument',
        reason: 'INVALID_FIELD',
        details: { field: 'protocolVersion' },
      });
    }
  });
});
