import { describe, expect, it } from 'vitest';
import { CallRequestSchema } from './call-request.js';
import { isSupportedProtocolVersion, OLDEST_PROTOCOL_VERSION, PROTOCOL_VERSION } from './protocol-version.js';
import { StopRequestSchema, WithdrawRequestSchema } from './stop-request.js';

describe('isSupportedProtocolVersion', () => {
  it('accepts every version from the oldest to the current one', () => {
    for (let v = OLDEST_PROTOCOL_VERSION; v <= PROTOCOL_VERSION; v++) expect(isSupportedProtocolVersion(v)).toBe(true);
  });

  it('refuses a version newer than this package, older than the oldest, or not a whole number', () => {
    expect(isSupportedProtocolVersion(PROTOCOL_VERSION + 1)).toBe(false);
    expect(isSupportedProtocolVersion(OLDEST_PROTOCOL_VERSION - 1)).toBe(false);
    expect(isSupportedProtocolVersion(1.5)).toBe(false);
  });
});

describe('protocolVersion on a request', () => {
  it('is accepted on a turn, a stop and a withdraw, and optional on each', () => {
    const v = { protocolVersion: PROTOCOL_VERSION };
    expect(CallRequestSchema.parse({ message: 'hi', ...v })).toMatchObject(v);
    expect(CallRequestSchema.parse({ message: 'hi' }).protocolVersion).toBeUndefined();
    expect(StopRequestSchema.parse({ sessionId: 's1', stop: true, ...v })).toMatchObject(v);
    expect(WithdrawRequestSchema.parse({ sessionId: 's1', withdraw: 'r1', ...v })).toMatchObject(v);
  });

  it('is refused when it is not a whole number from 1', () => {
    for (const protocolVersion of [0, 1.5, '1', null]) {
      expect(CallRequestSchema.safeParse({ message: 'hi', protocolVersion }).success).toBe(false);
    }
  });
});
