import { describe, expect, it } from 'vitest';
import { fromGeminiBlob, toGeminiMedia } from './media-data.js';

describe('toGeminiMedia', () => {
  it('encodes the payload as base64 when a data: URI is not base64', () => {
    expect(toGeminiMedia({ url: 'data:text/plain,hello%20world' })).toEqual({
      inlineData: { mimeType: 'text/plain', data: Buffer.from('hello world').toString('base64') },
    });
  });

  it('prefers the part content type over the URI type when both are given', () => {
    expect(toGeminiMedia({ url: 'data:application/octet-stream;base64,AAAA', contentType: 'image/webp' })).toEqual({
      inlineData: { mimeType: 'image/webp', data: 'AAAA' },
    });
  });

  it('refuses inline media with no content type anywhere', () => {
    expect(() => toGeminiMedia({ url: 'data:;base64,AAAA' })).toThrow(/content type/);
  });
});

describe('fromGeminiBlob', () => {
  it('makes a data: URI that toGeminiMedia reads back to the same blob', () => {
    const blob = { mimeType: 'audio/L16;codec=pcm;rate=24000', data: 'AAAA' };
    expect(toGeminiMedia(fromGeminiBlob(blob))).toEqual({ inlineData: blob });
  });
});
