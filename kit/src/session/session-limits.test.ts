import { describe, expect, it } from 'vitest';
import { assertWithinLimit, SESSION_LIMITS } from './session-limits.js';

describe('assertWithinLimit', () => {
  it('takes a value whose JSON is within the limit', () => {
    expect(() => assertWithinLimit({ text: 'a'.repeat(1000) }, 'stateBytes', 'the session state')).not.toThrow();
    expect(() => assertWithinLimit(undefined, 'stateBytes', 'the session state')).not.toThrow();
  });

  it('refuses with PAYLOAD_TOO_LARGE naming the field when the JSON is over the limit', () => {
    const big = { text: 'é'.repeat(SESSION_LIMITS.interruptMetadataBytes / 2) };
    expect(() => assertWithinLimit(big, 'interruptMetadataBytes', "the interrupt metadata of tool 'x'")).toThrow(
      expect.objectContaining({
        code: 'failed-precondition',
        reason: 'PAYLOAD_TOO_LARGE',
        details: expect.objectContaining({ field: "the interrupt metadata of tool 'x'", limit: 65_536 }),
      }),
    );
  });
});
