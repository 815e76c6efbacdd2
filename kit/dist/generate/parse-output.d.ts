import type { z } from 'zod';
import type { Part } from '../model/index.js';
/** The JSON value in a model's text: the whole text, a fenced block, or the outermost object/array. */
export declare function extractJson(text: string): unknown;
/** The value of the last `data` part in `content`, if it has one (a model that returns structured data as such). */
export declare function dataOf(content: readonly Part[] | undefined): {
    value: unknown;
} | undefined;
/**
 * The model's output checked against `schema`: the value of its `data` part when the message
 * (`content`) has one, else its text read as JSON.
 */
export declare function parseOutput<O extends z.ZodType>(text: string, schema: O, content?: readonly Part[]): z.infer<O>;
