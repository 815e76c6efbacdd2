import type { z } from 'zod';
import { KitError } from '../errors/index.js';
import type { EditableInput } from './tool.js';

// A person's edit of a call they approve (`restart` with `replaceInput`) is admitted only for what
// its tool declares editable. The edit is merged over the stored input: objects deep-merged key by
// key, anything else (an array, a string, null) replacing the stored value whole; a field can be
// changed, never removed. The merged input is then checked against the tool's input schema (by
// generate's admission, apply-resume.ts). A key that could reach an object's prototype is never
// admitted, whatever the tool declares.

/** An edit refused: the field of the input it may not touch (a dotted path, `''` for the edit itself), and why. */
export interface EditRefusal {
  field: string;
  message: string;
}

/** What a tool's declaration made of a person's edit: the input it runs with, or the refusal. */
export type EditOutcome = { input: unknown } | { refused: EditRefusal };

const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const join = (prefix: string, key: string): string => (prefix ? `${prefix}.${key}` : key);

/** The first key under `value` (itself included, at `at`) that no edit may hold: one reaching a prototype, or one with a dot. */
function forbiddenKey(value: unknown, at: string): EditRefusal | undefined {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = forbiddenKey(item, join(at, String(i)));
      if (found) return found;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  for (const key of Object.keys(value)) {
    const field = join(at, key);
    if (PROTOTYPE_KEYS.has(key) || key.includes('.')) {
      return { field, message: `'${field}' is not a field an edit may set` };
    }
    const found = forbiddenKey(value[key], field);
    if (found) return found;
  }
  return undefined;
}

function notEditable(field: string, editable: readonly string[]): EditRefusal {
  const allowed = editable.map((p) => `'${p}'`).join(', ');
  return { field, message: `'${field}' is not editable: a person may edit only ${allowed}` };
}

/** The first field of `edit` (at `prefix`) outside the field paths `editable`. */
function outsidePaths(
  edit: Record<string, unknown>,
  prefix: string,
  editable: readonly string[],
): EditRefusal | undefined {
  for (const key of Object.keys(edit)) {
    const field = join(prefix, key);
    if (editable.includes(field)) continue;
    const value = edit[key];
    // A field on the way to an editable one is walked into; it can't be replaced whole.
    if (!isObject(value) || !editable.some((p) => p.startsWith(`${field}.`))) return notEditable(field, editable);
    const found = outsidePaths(value, field, editable);
    if (found) return found;
  }
  return undefined;
}

/** The first field of `raw` that the edit schema dropped (an unknown key of a non-strict object). */
function dropped(raw: unknown, parsed: unknown, prefix: string): EditRefusal | undefined {
  if (!isObject(raw) || !isObject(parsed)) return undefined;
  for (const key of Object.keys(raw)) {
    const field = join(prefix, key);
    if (!Object.hasOwn(parsed, key)) return { field, message: `'${field}' is not editable` };
    const found = dropped(raw[key], parsed[key], field);
    if (found) return found;
  }
  return undefined;
}

/** The edit as the tool's edit schema checks it: parsed, or refused by its first failing (or dropped) field. */
function bySchema(schema: z.ZodType, edit: unknown): { edit: unknown } | { refused: EditRefusal } {
  const parsed = schema.safeParse(edit);
  if (!parsed.success) {
    // A field outside the edit schema is named first: what a person may not touch, before how a field is wrong.
    const issue = parsed.error.issues.find((i) => i.code === 'unrecognized_keys') ?? parsed.error.issues[0];
    const path = (issue?.path ?? []).map(String);
    const keys = issue?.code === 'unrecognized_keys' ? issue.keys : [];
    const field = [...path, ...keys.slice(0, 1)].join('.');
    const message = keys.length ? `'${field}' is not editable` : `${field || 'the edit'}: ${issue?.message}`;
    return { refused: { field, message } };
  }
  const lost = dropped(edit, parsed.data, '');
  return lost ? { refused: lost } : { edit: parsed.data };
}

/** `edit` merged over `stored`: objects key by key, anything else replacing the stored value whole. */
export function mergeEdit(stored: unknown, edit: unknown): unknown {
  if (!isObject(edit) || !isObject(stored)) return edit;
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(edit)) {
    const before = Object.hasOwn(stored, key) ? stored[key] : undefined;
    // Defined, not assigned: no key of an edit reaches a prototype (they are refused first, too).
    Object.defineProperty(merged, key, {
      value: mergeEdit(before, value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return merged;
}

/**
 * The input a person's `edit` of the stored call makes, by what its tool declares editable, or
 * the refusal of the first field it may not touch. Nothing is checked against the tool's input
 * schema here: the merged input is, by admission.
 */
export function editInput(editable: EditableInput, stored: unknown, edit: unknown): EditOutcome {
  if (!isObject(edit)) return { refused: { field: '', message: 'an edit is an object of the fields to change' } };
  const forbidden = forbiddenKey(edit, '');
  if (forbidden) return { refused: forbidden };
  if (Array.isArray(editable)) {
    const outside = outsidePaths(edit, '', editable as readonly string[]);
    return outside ? { refused: outside } : { input: mergeEdit(stored, edit) };
  }
  const checked = bySchema(editable as z.ZodType, edit);
  return 'refused' in checked ? checked : { input: mergeEdit(stored, checked.edit) };
}

/** Refuses, as the tool is defined, an `editableInput` path no edit could name. */
export function assertEditablePaths(toolName: string, editable: EditableInput | undefined): void {
  if (!Array.isArray(editable)) return;
  for (const path of editable as readonly string[]) {
    const keys = path.split('.');
    if (keys.some((key) => key === '' || PROTOTYPE_KEYS.has(key))) {
      throw new KitError('invalid-argument', `tool '${toolName}': editableInput path '${path}' names no field`);
    }
  }
}
