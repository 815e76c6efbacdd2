import { describe, expect, it } from 'vitest';
import { isToolInterruptError, ToolInterruptError } from './tool-interrupt-error.js';

describe('ToolInterruptError', () => {
  it('carries its metadata and no stack frames when a tool interrupts', () => {
    const error = new ToolInterruptError({ reason: 'approval needed' });
    expect(error).toBeInstanceOf(Error);
    expect(error.metadata).toEqual({ reason: 'approval needed' });
    expect(error.stack?.split('\n').filter((line) => line.trim().startsWith('at '))).toEqual([]);
  });

  it('leaves the stack trace limit as it found it when the constructor ran', () => {
    const before = Error.stackTraceLimit;
    new ToolInterruptError();
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error('x').stack).toMatch(/\n\s+at /);
  });
});

describe('isToolInterruptError', () => {
  it('recognises an interrupt made by another copy of the kit when only the Symbol.for marker is shared', () => {
    // Another copy of the package: a different class, the same global symbol.
    const otherCopy = { [Symbol.for('callable-flows.ToolInterruptError')]: true, name: 'Error' };
    expect(isToolInterruptError(otherCopy)).toBe(true);
    expect(isToolInterruptError(new ToolInterruptError())).toBe(true);
  });

  it('recognises a look-alike by its name when it crossed a boundary that drops symbols', () => {
    expect(isToolInterruptError(Object.assign(new Error('x'), { name: 'ToolInterruptError' }))).toBe(true);
  });

  it('does not take an ordinary error for an interrupt when it lacks the marker and the name', () => {
    expect(isToolInterruptError(new Error('tool interrupted'))).toBe(false);
    expect(isToolInterruptError('interrupt')).toBe(false);
    expect(isToolInterruptError(null)).toBe(false);
  });
});
