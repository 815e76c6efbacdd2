import { describe, expect, it } from 'vitest';
import { environmentSecrets, redactSecrets } from './redact-secrets.js';

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

describe('environmentSecrets', () => {
  it('gives the values of variables whose names say secret, at least 8 characters long, and no others', () => {
    const env = {
      GEMINI_API_KEY: 'AIza-long-enough',
      stripe_secret: 'sk_live_123456',
      GITHUB_TOKEN: 'short',
      DB_PASSWORD: 'hunter2-hunter2',
      SERVICE_CREDENTIALS: 'creds-creds',
      HOME: '/home/a-long-path',
      UNSET_KEY: undefined,
    };
    expect(environmentSecrets(env)).toEqual(['AIza-long-enough', 'sk_live_123456', 'hunter2-hunter2', 'creds-creds']);
  });

  it('reads process.env as it is at the call: a secret set later is redacted', () => {
    const name = 'CALLABLE_FLOWS_TEST_SECRET';
    expect(environmentSecrets()).not.toContain('set-during-the-test');
    process.env[name] = 'set-during-the-test';
    try {
      expect(redactSecrets('it was set-during-the-test')).toBe('it was [redacted]');
    } finally {
      delete process.env[name];
    }
  });
});
