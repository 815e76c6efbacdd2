import type { z } from 'zod';
import { KitError, type KitErrorCode } from './kit-error.js';

/** One field that failed validation: where, and why in words. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** The failing fields of a zod error, as dotted paths (`items.2.id`; `(root)` for the value itself). */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.length ? issue.path.map(String).join('.') : '(root)',
    message: issue.message,
  }));
}

/** The issues as one line: `id: Invalid input: expected string, received number; …`. */
export function describeFieldIssues(issues: readonly FieldIssue[]): string {
  return issues.map((i) => `${i.path}: ${i.message}`).join('; ');
}

/**
 * The refusal of one field of a request's data (invalid-argument), named as {@link fromZodError}
 * names them: `PAYLOAD_TOO_LARGE` with the `limit` it is over, `INVALID_FIELD` without one.
 */
export function invalidField(field: string, message: string, limit?: number): KitError {
  return new KitError('invalid-argument', `invalid request data: ${field}: ${message}`, {
    details: { fields: [{ path: field, message }], field, ...(limit === undefined ? {} : { limit }) },
    reason: limit === undefined ? 'INVALID_FIELD' : 'PAYLOAD_TOO_LARGE',
  });
}

/**
 * A kit error (invalid-argument unless told otherwise) that names every failing field of
 * `what`: `details.fields` lists them, `details.field` is the first one's path. Only the
 * caller's own data is `INVALID_FIELD`; another code (a tool's output, say) is the kit's fault
 * and gets the default reason of its code.
 */
export function fromZodError(error: z.ZodError, what: string, code: KitErrorCode = 'invalid-argument'): KitError {
  const fields = fieldIssues(error);
  const field = fields[0]?.path ?? '(root)';
  return new KitError(code, `invalid ${what}: ${describeFieldIssues(fields)}`, {
    details: { fields, field },
    ...(code === 'invalid-argument' ? { reason: 'INVALID_FIELD' as const } : {}),
  });
}
