import { describe, expect, it } from 'vitest';
import { isKitError, KitError } from './kit-error.js';

describe('KitError', () => {
  it('keeps the reason in details when one is given', () => {
    const error = new KitError('not-found', 'gone', { details: { id: 's' }, reason: 'SESSION_NOT_FOUND' });
    expect(error.details).toEqual({ id: 's', reason: 'SESSION_NOT_FOUND' });
    expect(error.reason).toBe('SESSION_NOT_FOUND');
  });

  it('has no reason when details hold a word that is not one', () => {
    expect(new KitError('internal', 'x', { details: { reason: 'MADE_UP' } }).reason).toBeUndefined();
  });
});

describe('isKitError', () => {
  it('recognises a kit error from another copy of the kit by its registry-wide mark', () => {
    const foreign = Object.assign(new Error('x'), { [Symbol.for('callable-flows.KitError')]: true });
    expect(isKitError(foreign)).toBe(true);
    expect(isKitError(new Error('x'))).toBe(false);
    expect(isKitError(null)).toBe(false);
  });
});
