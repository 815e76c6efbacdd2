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

  it('reads the data part instead of the text when the model returns one', () => {
    const schema = z.object({ n: z.number() });
    const content = [{ text: 'Here it is.' }, { data: { n: 1 } }];
    expect(parseOutput('Here it is.', schema, content)).toEqual({ n: 1 });
  });

  it('checks a data part against the schema when it misses it', () => {
    expect(() => parseOutput('', z.object({ n: z.number() }), [{ data: { n: 'x' } }])).toThrow(/n: /);
  });

  it('reads the text when the message has no data part', () => {
    expect(parseOutput('{"n":2}', z.object({ n: z.number() }), [{ text: '{"n":2}' }])).toEqual({ n: 2 });
  });
});
