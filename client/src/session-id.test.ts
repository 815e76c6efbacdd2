import { WireIdSchema } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { newSessionId } from './session-id.js';

describe('newSessionId', () => {
  it('makes 20 letters and digits the wire accepts as a session id', () => {
    for (let i = 0; i < 200; i++) {
      const id = newSessionId();
      expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(WireIdSchema.safeParse(id).success).toBe(true);
    }
  });

  it('makes a different id each time', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newSessionId()));
    expect(ids.size).toBe(1000);
  });

  it('uses every letter and digit of its alphabet over many ids', () => {
    const seen = new Set(Array.from({ length: 200 }, () => newSessionId()).join(''));
    expect(seen.size).toBe(62);
  });
});
