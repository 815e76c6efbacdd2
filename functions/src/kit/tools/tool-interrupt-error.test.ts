import { describe, expect, it } from 'vitest';
import { isToolInterruptError, ToolInterruptError } from './tool-interrupt-error.js';

describe('isToolInterruptError', () => {
  it('recognises an interrupt from this copy, another copy, or a look-alike by name', () => {
    expect(isToolInterruptError(new ToolInterruptError({ question: 'ok?' }))).toBe(true);
    expect(isToolInterruptError({ [Symbol.for('callable-flows.ToolInterruptError')]: true })).toBe(true);
    expect(isToolInterruptError(Object.assign(new Error('x'), { name: 'ToolInterruptError' }))).toBe(true);
  });

  it('is false for a failure or a non-object', () => {
    expect(isToolInterruptError(new Error('tool interrupted'))).toBe(false);
    expect(isToolInterruptError('ToolInterruptError')).toBe(false);
    expect(isToolInterruptError(null)).toBe(false);
  });
});

describe('ToolInterruptError', () => {
  it('carries what the tool told the person', () => {
    expect(new ToolInterruptError({ question: 'ok?' }).metadata).toEqual({ question: 'ok?' });
    expect(new ToolInterruptError().metadata).toBeUndefined();
  });
});
