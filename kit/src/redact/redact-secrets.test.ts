import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets.js';

describe('redactSecrets', () => {
  it.each([
    ['https://x/v1?key=abc123&alt=sse', 'https://x/v1?key=[redacted]&alt=sse'],
    ['Authorization: Bearer abc.def.ghi', 'Authorization: Bearer [redacted]'],
    ['token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sig', 'token [redacted]'],
    ['card declined (sk_live_51HxYzAbCdEfGhIjKl)', 'card declined ([redacted])'],
    ['openai: sk-proj-abcdefghijklmnopqrstuvwx', 'openai: [redacted]'],
    ['gh: ghp_abcdefghijklmnopqrstuvwxyz0123', 'gh: [redacted]'],
    ['aws AKIAABCDEFGHIJKLMNOP here', 'aws [redacted] here'],
    ['http://10.0.0.7/hook?secret=hunter2&x=1', 'http://10.0.0.7/hook?secret=[redacted]&x=1'],
    ['-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----', '[redacted]'],
  ])('redacts %s', (input, expected) => {
    expect(redactSecrets(input, [])).toBe(expected);
  });

  it('redacts every listed secret value', () => {
    expect(redactSecrets('a s3cr3t-value b s3cr3t-value', ['s3cr3t-value'])).toBe('a [redacted] b [redacted]');
  });
});
