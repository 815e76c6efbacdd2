import { describeFieldIssues, fieldIssues } from '../errors/index.js';
import { OutputParseError } from './output-parse-error.js';
const FENCED = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/;
/** The JSON value in a model's text: the whole text, a fenced block, or the outermost object/array. */
export function extractJson(text) {
    const trimmed = text.trim();
    const candidates = [trimmed];
    const fenced = FENCED.exec(trimmed)?.[1];
    if (fenced !== undefined)
        candidates.push(fenced.trim());
    for (const [open, close] of [
        ['{', '}'],
        ['[', ']'],
    ]) {
        const start = trimmed.indexOf(open);
        const end = trimmed.lastIndexOf(close);
        if (start >= 0 && end > start)
            candidates.push(trimmed.slice(start, end + 1));
    }
    for (const candidate of candidates) {
        try {
            return JSON.parse(candidate);
        }
        catch {
            // try the next reading
        }
    }
    throw new OutputParseError('the model did not answer with JSON', text);
}
/** The value of the last `data` part in `content`, if it has one (a model that returns structured data as such). */
export function dataOf(content) {
    const part = content?.findLast((p) => 'data' in p);
    return part && 'data' in part ? { value: part.data } : undefined;
}
/**
 * The model's output checked against `schema`: the value of its `data` part when the message
 * (`content`) has one, else its text read as JSON.
 */
export function parseOutput(text, schema, content) {
    const data = dataOf(content);
    const value = data ? data.value : extractJson(text);
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
        const fields = fieldIssues(parsed.error);
        throw new OutputParseError(`the model's output does not match the schema: ${describeFieldIssues(fields)}`, text, {
            fields,
        });
    }
    return parsed.data;
}
//# sourceMappingURL=parse-output.js.map