import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './error-code.js';
import { ERROR_REASONS } from './error-reason.js';

describe('ERROR_REASONS', () => {
  it('names each reason once in upper snake case when listed', () => {
    expect(new Set(ERROR_REASONS).size).toBe(ERROR_REASONS.length);
    for (const reason of ERROR_REASONS) expect(reason).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });
});

describe('ERROR_CODES', () => {
  it('holds the sixteen HttpsError codes once each when listed', () => {
    expect(new Set(ERROR_CODES).size).toBe(16);
  });
});
