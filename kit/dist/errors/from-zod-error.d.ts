import type { z } from 'zod';
import { KitError, type KitErrorCode } from './kit-error.js';
/** One field that failed validation: where, and why in words. */
export interface FieldIssue {
    path: string;
    message: string;
}
/** The failing fields of a zod error, as dotted paths (`items.2.id`; `(root)` for the value itself). */
export declare function fieldIssues(error: z.ZodError): FieldIssue[];
/** The issues as one line: `id: Invalid input: expected string, received number; …`. */
export declare function describeFieldIssues(issues: readonly FieldIssue[]): string;
/**
 * The refusal of one field of a request's data (invalid-argument), named as {@link fromZodError}
 * names them: `PAYLOAD_TOO_LARGE` with the `limit` it is over, `INVALID_FIELD` without one.
 */
export declare function invalidField(field: string, message: string, limit?: number): KitError;
/**
 * A kit error (invalid-argument unless told otherwise) that names every failing field of
 * `what`: `details.fields` lists them, `details.field` is the first one's path. Only the
 * caller's own data is `INVALID_FIELD`; another code (a tool's output, say) is the kit's fault
 * and gets the default reason of its code.
 */
export declare function fromZodError(error: z.ZodError, what: string, code?: KitErrorCode): KitError;
