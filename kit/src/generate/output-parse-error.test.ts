import { describe, expect, it } from 'vitest';
import { isKitError } from '../errors/index.js';
import { OutputParseError } from './output-parse-error.js';

describe('OutputParseError', () => {
  it('is an internal kit error that keeps what the model said', () => {
    const error = new OutputParseError('not JSON', '{oops', { field: 'answer' });
    expect(isKitError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'internal',
      name: 'OutputParseError',
      rawText: '{oops',
      details: { field: 'answer' },
    });
  });
});
