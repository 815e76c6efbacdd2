/**
 * JSON with object keys in one order (by UTF-16 code units) and `undefined` fields left out, as
 * JSON text leaves them out: two equal values always have one text, whatever order their keys
 * were written in. What the kit's digests (a request's, a pending call's input) are taken over,
 * so its text never changes: a stored request digest must match the same request after a deploy.
 * Written as loops (no entry arrays, no sort when the keys are in order already, as most are):
 * every interrupt is digested on the engine's hot path.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let text = '[';
    // A hole writes nothing between its commas, as the first version's map-and-join did (JSON text has none).
    for (let i = 0; i < value.length; i++) text += (i ? ',' : '') + (i in value ? canonicalJson(value[i] ?? null) : '');
    return `${text}]`;
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  for (let i = 1; i < keys.length; i++) {
    // Array.prototype.sort with no comparator orders strings by UTF-16 code units, as `<` does.
    if ((keys[i - 1] as string) > (keys[i] as string)) {
      keys.sort();
      break;
    }
  }
  let text = '{';
  for (const key of keys) {
    const field = object[key];
    if (field === undefined) continue;
    text += `${text.length > 1 ? ',' : ''}${JSON.stringify(key)}:${canonicalJson(field)}`;
  }
  return `${text}}`;
}
