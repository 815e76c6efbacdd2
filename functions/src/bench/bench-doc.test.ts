import { describe, expect, it } from 'vitest';
import { BENCH_DOC_HEAD, sectionsOf, withSections } from './bench-doc.js';

const doc = [
  '# Benchmarks',
  '',
  '<!-- bench:engine -->',
  'old engine',
  '<!-- /bench:engine -->',
  '',
  '### A record written by hand',
  '',
  'Kept as it is.',
  '',
  '<!-- bench:session -->',
  'old session',
  '<!-- /bench:session -->',
  '',
  'A closing note by hand.',
  '',
].join('\n');

describe('withSections', () => {
  it('keeps the text written by hand outside the markers when a run rewrites the sections', () => {
    const out = withSections(doc, new Map([['session', 'new session\n']]), ['engine', 'session']);
    expect(out).toContain('### A record written by hand\n\nKept as it is.');
    expect(out).toContain('A closing note by hand.');
    expect(sectionsOf(out)).toEqual(
      new Map([
        ['engine', 'old engine\n'],
        ['session', 'new session\n'],
      ]),
    );
  });

  it('puts a new section after the nearest earlier one the file has, in the suites’ order', () => {
    const out = withSections(doc, new Map([['live', 'live words\n']]), ['engine', 'live', 'session']);
    expect(out.indexOf('<!-- bench:live -->')).toBeGreaterThan(out.indexOf('<!-- /bench:engine -->'));
    expect(out.indexOf('<!-- bench:live -->')).toBeLessThan(out.indexOf('### A record written by hand'));
    expect(sectionsOf(out).get('live')).toBe('live words\n');
  });

  it('starts from the title when there is no file yet, and puts a section no suite names at the end', () => {
    const out = withSections('', new Map([['web', 'timings\n']]), ['engine']);
    expect(out.startsWith(BENCH_DOC_HEAD)).toBe(true);
    expect(out.trimEnd().endsWith('<!-- /bench:web -->')).toBe(true);
  });

  it('writes a body with $ signs as it is', () => {
    const out = withSections(doc, new Map([['engine', 'costs $1 and $& more\n']]), ['engine']);
    expect(sectionsOf(out).get('engine')).toBe('costs $1 and $& more\n');
  });
});
