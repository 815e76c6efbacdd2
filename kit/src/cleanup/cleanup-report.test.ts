import { describe, expect, it } from 'vitest';
import { cleanupSummary, emptyReport } from './cleanup-report.js';

describe('cleanupSummary', () => {
  it('says what a quiet run did in one line', () => {
    expect(cleanupSummary(emptyReport())).toBe(
      'session cleanup: expired 0; deleted 0 session(s); skipped 0 leased and 0 changed; in 0 ms',
    );
  });

  it('names the errors, hook failures and the cap when a run had them', () => {
    const summary = cleanupSummary({ ...emptyReport(), errors: 2, firstError: 'boom', hookFailures: 1, capped: true });
    expect(summary).toContain('2 error(s), first: boom');
    expect(summary).toContain('1 onExpired failure(s)');
    expect(summary).toContain('capped: more is left for the next run');
  });
});
