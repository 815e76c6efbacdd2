import { describe, expect, it, vi } from 'vitest';
import { skipOrFail, skipsFail } from './strict-skips.js';

describe('skipsFail', () => {
  it('makes a skip a failure when CI is set or STRICT_SKIPS asks for it', () => {
    expect(skipsFail({ CI: 'true' })).toBe(true);
    expect(skipsFail({ CI: '1' })).toBe(true);
    expect(skipsFail({ STRICT_SKIPS: '1' })).toBe(true);
    expect(skipsFail({ STRICT_SKIPS: 'true' })).toBe(true);
  });

  it('allows a loud skip when neither is set', () => {
    expect(skipsFail({})).toBe(false);
    expect(skipsFail({ CI: 'false', STRICT_SKIPS: '0' })).toBe(false);
  });
});

describe('skipOrFail', () => {
  it('throws naming the suite and why when skips must fail', () => {
    expect(() => skipOrFail('browser tests', 'no chromium', { CI: 'true' })).toThrow(
      /browser tests can't run \(no chromium\)/,
    );
  });

  it('warns with a SKIPPED line and returns when skips are allowed', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(() => skipOrFail('browser tests', 'no chromium', {})).not.toThrow();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('*** SKIPPED: browser tests — no chromium'));
    } finally {
      warn.mockRestore();
    }
  });
});
