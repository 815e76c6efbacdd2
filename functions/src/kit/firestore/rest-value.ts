import type { DocumentFields } from './document-db.js';
import { RestTimestamp } from './rest-timestamp.js';

/** A value as the Firestore REST API writes it (`Value` in its JSON form). */
export type RestValue =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number | string }
  | { timestampValue: string }
  | { stringValue: string }
  | { bytesValue: string }
  | { referenceValue: string }
  | { geoPointValue: { latitude?: number; longitude?: number } }
  | { arrayValue: { values?: RestValue[] } }
  | { mapValue: { fields?: Record<string, RestValue> } };

/** An object literal (not a Date, a timestamp, an array or a sentinel): a map in Firestore. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function encodeNumber(value: number): RestValue {
  // As the SDK does: a safe integer is an integer, anything else a double.
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) return { integerValue: String(value) };
  return { doubleValue: Number.isFinite(value) ? value : String(value) };
}

/** `value` as a REST value; throws as the SDK does on what Firestore can't hold (undefined, a function). */
export function encodeValue(value: unknown, path = 'value'): RestValue {
  if (value === null) return { nullValue: null };
  switch (typeof value) {
    case 'boolean':
      return { booleanValue: value };
    case 'number':
      return encodeNumber(value);
    case 'bigint':
      return { integerValue: value.toString() };
    case 'string':
      return { stringValue: value };
  }
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (value instanceof RestTimestamp) return { timestampValue: value.text };
  if (value instanceof Uint8Array) return { bytesValue: Buffer.from(value).toString('base64') };
  if (Array.isArray(value)) {
    return { arrayValue: { values: value.map((item, i) => encodeValue(item, `${path}[${i}]`)) } };
  }
  if (isPlainObject(value)) return { mapValue: { fields: encodeFields(value, path) } };
  throw new TypeError(`${path}: Firestore cannot store ${value === undefined ? 'undefined' : typeof value}`);
}

/** The fields of a document or map. */
export function encodeFields(fields: DocumentFields, path = 'document'): Record<string, RestValue> {
  const out: Record<string, RestValue> = {};
  for (const key of Object.keys(fields)) out[key] = encodeValue(fields[key], `${path}.${key}`);
  return out;
}

/** A REST value as the SDK reads it: integers as numbers, times as {@link RestTimestamp}, bytes as a Buffer. */
export function decodeValue(value: RestValue): unknown {
  if ('stringValue' in value) return value.stringValue;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('booleanValue' in value) return value.booleanValue;
  if ('timestampValue' in value) return new RestTimestamp(value.timestampValue);
  if ('mapValue' in value) return decodeFields(value.mapValue.fields);
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(decodeValue);
  if ('nullValue' in value) return null;
  if ('bytesValue' in value) return Buffer.from(value.bytesValue, 'base64');
  if ('referenceValue' in value) return value.referenceValue;
  if ('geoPointValue' in value) return { latitude: 0, longitude: 0, ...value.geoPointValue };
  throw new TypeError(`not a Firestore value: ${JSON.stringify(value)}`);
}

export function decodeFields(fields: Record<string, RestValue> | undefined): DocumentFields {
  const out: DocumentFields = {};
  if (fields) for (const key of Object.keys(fields)) out[key] = decodeValue(fields[key] as RestValue);
  return out;
}
