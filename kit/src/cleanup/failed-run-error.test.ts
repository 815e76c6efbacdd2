import { describe, expect, it } from 'vitest';
import { KitError } from '../errors/index.js';
import { failedRunError } from './failed-run-error.js';

describe('failedRunError', () => {
  it('keeps a kit error’s code and says how long the run took', () => {
    const error = failedRunError(new KitError('unavailable', 'Firestore down'), 1234.4);
    expect(error).toMatchObject({
      code: 'unavailable',
      message: 'session cleanup failed after 1234 ms: Firestore down',
    });
  });

  it('is internal, with secrets redacted, when the error is foreign', () => {
    const error = failedRunError(new Error('GET https://x?key=AIzaSyA1234567890abcdefghijklmnopqrstuv failed'), 5);
    expect(error.code).toBe('internal');
    expect(error.message).not.toContain('AIzaSyA1234567890abcdefghijklmnopqrstuv');
  });
});
