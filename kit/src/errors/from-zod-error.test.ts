import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeFieldIssues, fieldIssues, fromZodError, invalidField } from './from-zod-error.js';

const schema = z.object({ items: z.array(z.object({ id: z.string() })), n: z.number() });
const errorOf = (value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a failure');
  return parsed.error;
};

describe('fieldIssues', () => {
  it('names each failing field by its dotted path, and the value itself as (root)', () => {
    expect(fieldIssues(errorOf({ items: [{ id: 'a' }, { id: 1 }], n: 'x' })).map((i) => i.path)).toEqual([
      'items.1.id',
      'n',
    ]);
    expect(fieldIssues(errorOf('nope')).map((i) => i.path)).toEqual(['(root)']);
  });
});

describe('describeFieldIssues', () => {
  it('joins the issues into one line when there are several', () => {
    expect(
      describeFieldIssues([
        { path: 'a', message: 'bad' },
        { path: 'b', message: 'worse' },
      ]),
    ).toBe('a: bad; b: worse');
  });
});

describe('fromZodError', () => {
  it('is invalid-argument with INVALID_FIELD, every field and the first one when the caller’s data fails', () => {
    const error = fromZodError(errorOf({ items: [], n: 'x' }), 'request data');
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toMatch(/^invalid request data: n: /);
    expect(error.details).toMatchObject({ field: 'n', reason: 'INVALID_FIELD' });
  });

  it('names no reason when another code says the fault is the kit’s', () => {
    const error = fromZodError(errorOf({ items: [], n: 'x' }), 'tool output', 'internal');
    expect(error.code).toBe('internal');
    expect(error.reason).toBeUndefined();
  });
});

describe('invalidField', () => {
  it('names the field as fromZodError does, INVALID_FIELD without a limit and PAYLOAD_TOO_LARGE with one', () => {
    expect(invalidField('message.0.media.url', 'is not a valid URL')).toMatchObject({
      code: 'invalid-argument',
      message: 'invalid request data: message.0.media.url: is not a valid URL',
      reason: 'INVALID_FIELD',
      details: {
        field: 'message.0.media.url',
        fields: [{ path: 'message.0.media.url', message: 'is not a valid URL' }],
      },
    });
    expect(invalidField('(root)', 'is too big', 10)).toMatchObject({
      reason: 'PAYLOAD_TOO_LARGE',
      details: { field: '(root)', limit: 10 },
    });
  });
});
