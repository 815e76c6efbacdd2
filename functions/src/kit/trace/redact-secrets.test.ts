import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets.js';

describe('redactSecrets', () => {
  it.each([
    ['https://x/v1?key=abc123&alt=sse', 'https://x/v1?key=[redacted]&alt=sse'],
    ['Authorization: Bearer abc.def.ghi', 'Authorization: Bearer [redacted]'],
    ['token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sig', 'token [redacted]'],
  ])('redacts %s', (input, expected) => {
    expect(redactSecrets(input, [])).toBe(expected);
  });

  it('redacts every listed secret value', () => {
    expect(redactSecrets('a s3cr3t-value b s3cr3t-value', ['s3cr3t-value'])).toBe('a [redacted] b [redacted]');
  });
});
