import { describe, expect, it } from 'vitest';
import { headersFor, headersKey, withoutHeaders } from './mcp-headers.js';

describe('withoutHeaders', () => {
  it('cuts a header’s value, and a bearer token without its scheme, out of a server’s words', () => {
    const headers = { authorization: 'Bearer tok-1234567890', 'x-tenant': 'acme-corp-42' };
    expect(withoutHeaders('refused Bearer tok-1234567890 for acme-corp-42', headers)).toBe(
      'refused [redacted] for [redacted]',
    );
    expect(withoutHeaders('token tok-1234567890 expired', headers)).toBe('token [redacted] expired');
  });

  it('leaves words alone when the headers are too short to be secrets', () => {
    expect(withoutHeaders('region eu failed', { 'x-region': 'eu' })).toBe('region eu failed');
  });
});

describe('headersFor', () => {
  it('makes the headers from the caller’s context when they are a function', async () => {
    expect(
      await headersFor((context) => ({ authorization: `Bearer ${String(context.token)}` }), { token: 't' }),
    ).toEqual({
      authorization: 'Bearer t',
    });
    expect(await headersFor({ 'x-key': 'k' }, {})).toEqual({ 'x-key': 'k' });
    expect(await headersFor(undefined, {})).toEqual({});
  });
});

describe('headersKey', () => {
  it('is the same for equal headers, whatever their order and case, and differs for another caller’s', () => {
    const ann = headersKey({ authorization: 'Bearer ann-token', 'x-tenant': 't1' });
    expect(headersKey({ 'X-Tenant': 't1', Authorization: 'Bearer ann-token' })).toBe(ann);
    expect(headersKey({ authorization: 'Bearer bob-token', 'x-tenant': 't1' })).not.toBe(ann);
    expect(ann).not.toContain('ann-token');
    expect(headersKey({})).toBe('');
  });
});
