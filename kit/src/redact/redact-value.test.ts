import { describe, expect, it } from 'vitest';
import { redactValue } from './redact-value.js';

describe('redactValue', () => {
  it('redacts strings at any depth when they hold a secret', () => {
    const value = { a: [{ text: 'key s3cr3t-value here' }], b: { c: 'Bearer abc.def' }, n: 1 };
    expect(redactValue(value, ['s3cr3t-value'])).toEqual({
      a: [{ text: 'key [redacted] here' }],
      b: { c: 'Bearer [redacted]' },
      n: 1,
    });
  });

  it('returns the same objects when nothing needs redacting', () => {
    const inner = { text: 'plain' };
    const value = { list: [inner], other: { x: 'also plain' } };
    const clean = redactValue({ ...value, bad: 'https://x?token=abc' }, []);
    expect(clean.bad).toBe('https://x?token=[redacted]');
    expect(clean.list).toBe(value.list);
    expect(clean.other).toBe(value.other);
    expect(redactValue(value, [])).toBe(value);
  });
});
