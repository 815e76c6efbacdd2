import type { z } from 'zod';
import { describeFieldIssues, fieldIssues } from '../errors/index.js';
import { OutputParseError } from './output-parse-error.js';

const FENCED = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/;

/** The JSON value in a model's text: the whole text, a fenced block, or the outermost object/array. */
export function extractJson(text: string): unknown {
  const trimmed = text.trim();
  const candidates = [trimmed];
  const fenced = FENCED.exec(trimmed)?.[1];
  if (fenced !== undefined) candidates.push(fenced.trim());
  for (const [open, close] of [
    ['{', '}'],
    ['[', ']'],
  ] as const) {
    const start = trimmed.indexOf(open);
    const end = trimmed.lastIndexOf(close);
    if (start >= 0 && end > start) candidates.push(trimmed.slice(start, end + 1));
  }
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next reading
    }
  }
  throw new OutputParseError('the model did not answer with JSON', text);
}

/** The model's text read as JSON and checked against `schema`. */
export function parseOutput<O extends z.ZodType>(text: string, schema: O): z.infer<O> {
  const value = extractJson(text);
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const fields = fieldIssues(parsed.error);
    throw new OutputParseError(`the model's output does not match the schema: ${describeFieldIssues(fields)}`, text, {
      fields,
    });
  }
  return parsed.data;
}
