import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { extractJson, parseOutput } from './parse-output.js';

describe('extractJson', () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ['Here you go:\n```json\n{"a":1}\n```\nanything else?', { a: 1 }],
    ['```\n[1,2]\n```', [1, 2]],
    ['The answer is {"a": {"b": 2}} as requested.', { a: { b: 2 } }],
  ])('reads %j', (text, value) => {
    expect(extractJson(text)).toEqual(value);
  });

  it('throws an OutputParseError with the raw text when there is no JSON', () => {
    expect(() => extractJson('no json here')).toThrow(
      expect.objectContaining({ name: 'OutputParseError', rawText: 'no json here' }),
    );
  });
});

describe('parseOutput', () => {
  it('names the fields that miss the schema', () => {
    expect(() => parseOutput('{"n":"x"}', z.object({ n: z.number() }))).toThrow(/n: /);
  });
});
