import { describe, expect, it } from 'vitest';
import { randomId } from './random-id.js';

describe('randomId', () => {
  it('gives 128-bit base64url ids, none twice, across refills of its pool', () => {
    const ids = Array.from({ length: 1000 }, () => randomId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
