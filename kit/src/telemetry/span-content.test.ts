import { afterEach, describe, expect, it } from 'vitest';
import { CAPTURE_CONTENT_ENV, capturesContent, spanContent } from './span-content.js';

const saved = process.env[CAPTURE_CONTENT_ENV];
afterEach(() => {
  if (saved === undefined) delete process.env[CAPTURE_CONTENT_ENV];
  else process.env[CAPTURE_CONTENT_ENV] = saved;
});

describe('capturesContent', () => {
  it('is true only when the app sets the switch to true', () => {
    delete process.env[CAPTURE_CONTENT_ENV];
    expect(capturesContent()).toBe(false);
    process.env[CAPTURE_CONTENT_ENV] = 'TRUE';
    expect(capturesContent()).toBe(true);
    process.env[CAPTURE_CONTENT_ENV] = '1';
    expect(capturesContent()).toBe(false);
  });
});

describe('spanContent', () => {
  it('gives JSON with secrets redacted when the value holds one', () => {
    const text = spanContent({ apiKey: 'AIzaSyA1234567890abcdefghijklmnopqrstuv', id: 7 });
    expect(text).toContain('"id":7');
    expect(text).not.toContain('AIzaSyA1234567890abcdefghijklmnopqrstuv');
  });

  it('cuts the text at 4,000 characters with an ellipsis when it is longer', () => {
    const text = spanContent('x'.repeat(10_000));
    expect(text).toHaveLength(4_001);
    expect(text.endsWith('…')).toBe(true);
  });

  it('gives null when the value has no JSON', () => {
    expect(spanContent(undefined)).toBe('null');
  });
});
