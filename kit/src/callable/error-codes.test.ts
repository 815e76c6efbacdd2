import { ERROR_CODES, ERROR_REASONS } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { WIRE_ERROR_RULES } from './error-codes.js';

describe('WIRE_ERROR_RULES', () => {
  it('gives each code a default reason the protocol knows', () => {
    for (const code of ERROR_CODES) {
      const rule = WIRE_ERROR_RULES[code];
      expect(ERROR_REASONS).toContain(rule.reason);
    }
  });

  it('hides the kit’s words behind a fixed message and logs as an error when the fault is the server’s', () => {
    for (const code of ['internal', 'unknown', 'data-loss'] as const) {
      expect(WIRE_ERROR_RULES[code].message).toBeDefined();
      expect(WIRE_ERROR_RULES[code].logAsError).toBe(true);
    }
    expect(WIRE_ERROR_RULES['permission-denied'].message).toBe('permission denied');
  });
});
