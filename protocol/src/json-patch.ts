// JSON Patch (RFC 6902) as the state stream uses it: the server diffs an agent's state before
// and after a change, a client applies the patch to the state it holds. Only `add`, `remove` and
// `replace` are made, so only they are applied here. Hand-written rather than a dependency: the
// diff is forty lines, the applier fewer, and json-patch.test.ts holds both to fast-json-patch's
// applier on random documents. No zod here: a browser bundle that applies patches pays nothing.

/** A JSON value, as JSON.parse returns it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** One operation of a patch: what the state stream sends (its values JSON, as the wire's chunk types them `unknown`). */
export type JsonPatchOperation =
  | { op: 'add'; path: string; value: unknown }
  | { op: 'replace'; path: string; value: unknown }
  | { op: 'remove'; path: string };

/** A JSON Pointer token (RFC 6901): `~` as `~0`, `/` as `~1`. */
const token = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');
const untoken = (text: string): string => text.replaceAll('~1', '/').replaceAll('~0', '~');

const isObject = (value: unknown): value is Record<string, JsonValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Object fields that JSON keeps: a field whose value is undefined is no field. */
const keysOf = (value: Record<string, unknown>): string[] => Object.keys(value).filter((k) => value[k] !== undefined);

/** An object's own field (never one it inherits, such as `valueOf`). */
const fieldOf = (value: Record<string, JsonValue>, key: string): JsonValue | undefined =>
  Object.hasOwn(value, key) ? value[key] : undefined;

/** Sets an own field, even one named `__proto__` (an assignment would set the prototype). */
const setField = (value: Record<string, JsonValue>, key: string, field: JsonValue): void => {
  Object.defineProperty(value, key, { value: field, enumerable: true, writable: true, configurable: true });
};

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = keysOf(a);
  return keys.length === keysOf(b).length && keys.every((k) => fieldOf(b, k) !== undefined && jsonEqual(a[k], b[k]));
}

function diffArrays(a: JsonValue[], b: JsonValue[], path: string, ops: JsonPatchOperation[]): void {
  const common = Math.min(a.length, b.length);
  for (let i = 0; i < common; i++) diffInto(a[i], b[i], `${path}/${i}`, ops);
  for (let i = common; i < b.length; i++) ops.push({ op: 'add', path: `${path}/${i}`, value: b[i] as JsonValue });
  // From the end, so each index is still where the patch says when its removal runs.
  for (let i = a.length - 1; i >= common; i--) ops.push({ op: 'remove', path: `${path}/${i}` });
}

function diffObjects(
  a: Record<string, JsonValue>,
  b: Record<string, JsonValue>,
  path: string,
  ops: JsonPatchOperation[],
): void {
  for (const key of keysOf(a))
    if (fieldOf(b, key) === undefined) ops.push({ op: 'remove', path: `${path}/${token(key)}` });
  for (const key of keysOf(b)) {
    const at = `${path}/${token(key)}`;
    const was = fieldOf(a, key);
    if (was === undefined) ops.push({ op: 'add', path: at, value: b[key] as JsonValue });
    else diffInto(was, b[key], at, ops);
  }
}

function diffInto(a: unknown, b: unknown, path: string, ops: JsonPatchOperation[]): void {
  if (jsonEqual(a, b)) return;
  if (Array.isArray(a) && Array.isArray(b)) diffArrays(a, b, path, ops);
  else if (isObject(a) && isObject(b)) diffObjects(a, b, path, ops);
  else ops.push({ op: 'replace', path, value: b as JsonValue });
}

/**
 * The patch that turns JSON document `from` into `to`: per changed field and array index, so a
 * change deep in a large state sends only itself; empty when they are equal as JSON.
 */
export function diffJson(from: unknown, to: unknown): JsonPatchOperation[] {
  const ops: JsonPatchOperation[] = [];
  diffInto(from, to, '', ops);
  return ops;
}

/** The patch that sets the whole document: what a state stream sends first. */
export const replaceWhole = (value: unknown): JsonPatchOperation[] => [
  { op: 'replace', path: '', value: value as JsonValue },
];

/** A copy of `value` with `op` applied at `tokens` (structurally shared: `value` is left as it was). */
function applyAt(value: unknown, tokens: readonly string[], op: JsonPatchOperation): JsonValue {
  const [head, ...rest] = tokens;
  if (head === undefined) {
    if (op.op === 'remove') throw new Error('a patch may not remove the whole document');
    return op.value as JsonValue;
  }
  if (Array.isArray(value)) {
    const copy = [...value];
    const index = head === '-' ? copy.length : Number(head);
    if (!Number.isInteger(index) || index < 0 || index > copy.length) throw new Error(`no index '${head}'`);
    if (rest.length) copy[index] = applyAt(copy[index], rest, op);
    else if (op.op === 'add') copy.splice(index, 0, op.value as JsonValue);
    else if (index === copy.length) throw new Error(`no index '${head}'`);
    else if (op.op === 'remove') copy.splice(index, 1);
    else copy[index] = op.value as JsonValue;
    return copy;
  }
  if (!isObject(value)) throw new Error(`no field '${head}' in a scalar`);
  const copy: Record<string, JsonValue> = {};
  for (const k of Object.keys(value)) setField(copy, k, value[k] as JsonValue);
  if (rest.length) setField(copy, head, applyAt(fieldOf(copy, head), rest, op));
  else if (op.op === 'remove') delete copy[head];
  else setField(copy, head, op.value as JsonValue);
  return copy;
}

/**
 * `doc` with `patch` applied, as a new document (`doc` is left as it was): what a client does
 * with each `state` chunk. Throws on a path that is not in the document.
 */
export function applyJsonPatch(doc: unknown, patch: readonly JsonPatchOperation[]): JsonValue {
  let value = doc as JsonValue;
  for (const op of patch) {
    const tokens = op.path === '' ? [] : op.path.slice(1).split('/').map(untoken);
    value = applyAt(value, tokens, op);
  }
  return value;
}
