import { describe, expect, it } from 'vitest';
import { abortError, throwIfAborted } from './abort-error.js';
import { KitError } from './kit-error.js';

describe('abortError', () => {
  it('is aborted with CANCELLED and the signal’s reason as cause when the reason is not a kit error', () => {
    const controller = new AbortController();
    controller.abort('client went away');
    const error = abortError(controller.signal, 'tool x');
    expect(error).toMatchObject({ code: 'aborted', message: 'tool x was aborted', details: { reason: 'CANCELLED' } });
    expect(error.cause).toBe('client went away');
  });

  it('keeps the kit error the caller aborted with when it chose one', () => {
    const deadline = new KitError('deadline-exceeded', 'out of time', { reason: 'DEADLINE' });
    const controller = new AbortController();
    controller.abort(deadline);
    expect(abortError(controller.signal, 'wait')).toBe(deadline);
  });
});

describe('throwIfAborted', () => {
  it('throws only when the signal has fired', () => {
    const controller = new AbortController();
    expect(() => throwIfAborted(controller.signal, 'x')).not.toThrow();
    expect(() => throwIfAborted(undefined, 'x')).not.toThrow();
    controller.abort();
    expect(() => throwIfAborted(controller.signal, 'x')).toThrow('x was aborted');
  });
});
