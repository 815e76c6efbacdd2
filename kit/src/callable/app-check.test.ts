import { afterEach, describe, expect, it } from 'vitest';
import { appCheckRequired, assertAppCheck } from './app-check.js';

const saved = process.env.FUNCTIONS_EMULATOR;
afterEach(() => {
  if (saved === undefined) delete process.env.FUNCTIONS_EMULATOR;
  else process.env.FUNCTIONS_EMULATOR = saved;
});

describe('appCheckRequired', () => {
  it('requires App Check unless in the emulator when the setting says unless-emulator', () => {
    process.env.FUNCTIONS_EMULATOR = 'true';
    expect(appCheckRequired('unless-emulator')).toBe(false);
    delete process.env.FUNCTIONS_EMULATOR;
    expect(appCheckRequired('unless-emulator')).toBe(true);
    expect(appCheckRequired(false)).toBe(false);
    expect(appCheckRequired(true)).toBe(true);
  });
});

describe('assertAppCheck', () => {
  it('refuses a call without a verified token with APP_CHECK_REQUIRED when it is required', () => {
    expect(() => assertAppCheck(true, {})).toThrow(
      expect.objectContaining({ details: { reason: 'APP_CHECK_REQUIRED' } }),
    );
  });

  it('lets a call through when its token was verified, or when none is required', () => {
    expect(() => assertAppCheck(true, { app: { appId: 'a' } as never })).not.toThrow();
    expect(() => assertAppCheck(false, {})).not.toThrow();
  });
});
