import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { explainUnionIssues } from './explain-union-issues.js';

const Schema = z.object({
  value: z.union([z.string().max(2), z.array(z.strictObject({ n: z.number() })).max(1)], { error: 'text or list' }),
});

const issues = (data: unknown) =>
  explainUnionIssues(Schema.safeParse(data).error as z.ZodError).issues.map((i) => [i.path.join('.'), i.message]);

describe('explainUnionIssues', () => {
  it('reports the branch the value was shaped for when only one branch fits its type', () => {
    expect(issues({ value: [{ n: 1 }, { n: 2 }] })).toEqual([['value', 'Too big: expected array to have <=1 items']]);
    expect(issues({ value: [{ n: 'x' }] })).toEqual([['value.0.n', 'Invalid input: expected number, received string']]);
  });

  it('keeps the union’s own message when no branch fits the value’s type', () => {
    expect(issues({ value: 7 })).toEqual([['value', 'text or list']]);
  });
});
