import { describe, expect, it } from 'vitest';
import { isSafeHref } from './safe-href.js';

describe('isSafeHref', () => {
  it('keeps a link when it goes to a web page or an e-mail address', () => {
    for (const href of [
      'https://example.com/a?b=c',
      'http://example.com',
      'HTTPS://EXAMPLE.COM',
      'mailto:help@example.com',
    ]) {
      expect({ href, safe: isSafeHref(href) }).toEqual({ href, safe: true });
    }
  });

  it('drops a link when it runs script, carries data, or points inside the app', () => {
    const hostile = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '/?session=someone-else',
      '//evil.example.com',
      'ftp://example.com',
      '',
    ];
    for (const href of hostile) expect({ href, safe: isSafeHref(href) }).toEqual({ href, safe: false });
  });
});
