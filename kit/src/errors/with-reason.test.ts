import { describe, expect, it } from 'vitest';
import { KitError } from './kit-error.js';
import { withReason } from './with-reason.js';

describe('withReason', () => {
  it('copies a kit error with the reason added when it names none', () => {
    const cause = new Error('socket');
    const error = new KitError('unavailable', 'store down', { details: { op: 'load' }, cause });
    const named = withReason(error, 'STORE_UNAVAILABLE');
    expect(named).not.toBe(error);
    expect(named).toMatchObject({
      code: 'unavailable',
      message: 'store down',
      details: { op: 'load', reason: 'STORE_UNAVAILABLE' },
    });
    expect((named as KitError).cause).toBe(cause);
    expect(named.stack).toBe(error.stack);
  });

  it('keeps the reason a kit error already names', () => {
    const error = new KitError('unavailable', 'model down', { reason: 'MODEL_UNAVAILABLE' });
    expect(withReason(error, 'STORE_UNAVAILABLE')).toBe(error);
  });

  it('leaves anything that is not a kit error unchanged', () => {
    const error = new Error('plain');
    expect(withReason(error, 'INTERNAL')).toBe(error);
  });
});
