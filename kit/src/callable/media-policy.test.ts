import type { CallRequest } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { isKitError, type KitError } from '../errors/index.js';
import { assertClientMedia, DEFAULT_MAX_INLINE_BYTES, type MediaPolicy } from './media-policy.js';

const withMedia = (url: string, contentType?: string): CallRequest => ({
  message: [{ text: 'look' }, { media: { url, ...(contentType ? { contentType } : {}) } }],
});

function refusal(call: CallRequest, policy?: MediaPolicy): KitError {
  try {
    assertClientMedia(call, policy);
  } catch (error) {
    if (isKitError(error)) return error;
    throw error;
  }
  throw new Error('expected the media to be refused');
}

const png = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

describe('assertClientMedia', () => {
  it('accepts inline data within the size cap when the policy is the default', () => {
    expect(() => assertClientMedia(withMedia(png(1000)))).not.toThrow();
    expect(() => assertClientMedia(withMedia('data:text/plain,hello%20there'))).not.toThrow();
    expect(() => assertClientMedia({ message: 'no parts at all' })).not.toThrow();
  });

  it('refuses inline data over the cap as PAYLOAD_TOO_LARGE naming the part', () => {
    const error = refusal(withMedia(png(DEFAULT_MAX_INLINE_BYTES + 1)));
    expect(error).toMatchObject({
      code: 'invalid-argument',
      reason: 'PAYLOAD_TOO_LARGE',
      details: { field: 'message.1.media.url', limit: DEFAULT_MAX_INLINE_BYTES },
    });
    expect(() => assertClientMedia(withMedia(png(2000)), { maxInlineBytes: 1999 })).toThrow('limit is 1999');
  });

  it.each([
    ['data:;base64,AAAA', 'content type'],
    ['data:image/png;base64,not base64!', 'base64'],
    ['data:text/plain,%E0%A4%A', 'percent-encoded'],
  ])('refuses malformed inline data %s as INVALID_FIELD', (url, words) => {
    const error = refusal(withMedia(url));
    expect(error).toMatchObject({ reason: 'INVALID_FIELD', details: { field: 'message.1.media.url' } });
    expect(error.message).toContain(words);
  });

  it('refuses every URL when the flow allows none', () => {
    for (const url of ['https://example.com/a.png', 'gs://bucket/a.png']) {
      expect(refusal(withMedia(url))).toMatchObject({
        code: 'invalid-argument',
        reason: 'INVALID_FIELD',
        details: { field: 'message.1.media.url' },
      });
    }
  });

  it('accepts a URL under an allowed prefix and refuses look-alikes when the flow allows some', () => {
    const policy = { allowUrlPrefixes: ['gs://uploads-bucket/users/', 'https://cdn.example.com'] };
    expect(() => assertClientMedia(withMedia('gs://uploads-bucket/users/u1/a.png'), policy)).not.toThrow();
    expect(() => assertClientMedia(withMedia('https://cdn.example.com/a.png'), policy)).not.toThrow();
    for (const url of [
      'https://cdn.example.com.evil.test/a.png',
      'https://user:pw@cdn.example.com/a.png',
      'https://cdn.example.com/x/../../a.png',
      'gs://uploads-bucket/other/a.png',
      'gs://uploads-bucket/users/../secrets/key.json',
      'https://metadata.google.internal/computeMetadata/v1/',
    ]) {
      expect(refusal(withMedia(url), policy).reason, url).toBe('INVALID_FIELD');
    }
  });

  it('bounds a bare gs:// bucket prefix at its bucket when the prefix names no path', () => {
    const policy = { allowUrlPrefixes: ['gs://my-bucket'] };
    expect(() => assertClientMedia(withMedia('gs://my-bucket/uploads/a.png'), policy)).not.toThrow();
    for (const url of ['gs://my-bucket-private/a.png', 'gs://my-bucketx/a.png']) {
      expect(refusal(withMedia(url), policy).reason, url).toBe('INVALID_FIELD');
    }
  });

  it('refuses as the server’s fault when an allowed prefix is not a gs:// or https:// URL', () => {
    const error = refusal(withMedia('https://cdn.example.com/a.png'), { allowUrlPrefixes: ['file:///etc/'] });
    expect(error).toMatchObject({ code: 'internal', reason: 'SERVER_MISCONFIGURED' });
  });
});
