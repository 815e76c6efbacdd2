import type { DocumentFields, WritePrecondition } from './document-db.js';
import { DeleteField, IncrementField } from './rest-field-values.js';
import { RestTimestamp } from './rest-timestamp.js';
import { encodeValue, isPlainObject, type RestValue } from './rest-value.js';

/** One write of a commit, in the REST API's JSON form. */
export interface RestWrite {
  update?: { name: string; fields: Record<string, RestValue> };
  delete?: string;
  updateMask?: { fieldPaths: string[] };
  updateTransforms?: Array<{ fieldPath: string; increment: RestValue }>;
  currentDocument?: { exists?: boolean; updateTime?: string };
}

/** How a write treats the document's other fields. */
export type WriteMode = 'create' | 'set' | 'merge' | 'update';

const SIMPLE_SEGMENT = /^[_a-zA-Z][_a-zA-Z0-9]*$/;

/** A field path as a mask names it: segments that are not simple names go in backquotes. */
export function fieldPathOf(segments: readonly string[]): string {
  return segments
    .map((s) => (SIMPLE_SEGMENT.test(s) ? s : `\`${s.replaceAll('\\', '\\\\').replaceAll('`', '\\`')}\``))
    .join('.');
}

/** Collects a write's fields, mask and transforms from nested data. */
class WriteFields {
  readonly fields: Record<string, RestValue> = {};
  readonly mask: string[] = [];
  readonly transforms: Array<{ fieldPath: string; increment: RestValue }> = [];

  /** Puts `value` at `segments`; a map is walked to its leaves when `deep`. */
  put(segments: string[], value: unknown, deep: boolean): void {
    if (value instanceof IncrementField) {
      this.transforms.push({ fieldPath: fieldPathOf(segments), increment: encodeValue(value.by) });
      return;
    }
    if (value instanceof DeleteField) {
      this.mask.push(fieldPathOf(segments));
      return;
    }
    if (deep && isPlainObject(value) && Object.keys(value).length) {
      this.ensureMap(segments);
      for (const key of Object.keys(value)) this.put([...segments, key], value[key], deep);
      return;
    }
    this.mask.push(fieldPathOf(segments));
    this.place(segments, encodeValue(value, segments.join('.')));
  }

  private ensureMap(segments: readonly string[]): Record<string, RestValue> {
    let fields = this.fields;
    for (const segment of segments) {
      const next = fields[segment];
      if (next && 'mapValue' in next) {
        fields = next.mapValue.fields ??= {};
      } else {
        const map: Record<string, RestValue> = {};
        fields[segment] = { mapValue: { fields: map } };
        fields = map;
      }
    }
    return fields;
  }

  private place(segments: readonly string[], value: RestValue): void {
    this.ensureMap(segments.slice(0, -1))[segments.at(-1) as string] = value;
  }
}

function preconditionOf(mode: WriteMode, precondition: WritePrecondition | undefined): RestWrite['currentDocument'] {
  if (precondition?.lastUpdateTime) {
    const time = precondition.lastUpdateTime;
    const text =
      time instanceof RestTimestamp
        ? time.text
        : `${new Date(time.seconds * 1000).toISOString().slice(0, 19)}.${String(time.nanoseconds).padStart(9, '0')}Z`;
    return { updateTime: text };
  }
  if (precondition?.exists !== undefined) return { exists: precondition.exists };
  if (mode === 'create') return { exists: false };
  // As the SDK: an update needs the document to exist.
  if (mode === 'update') return { exists: true };
  return undefined;
}

/**
 * The REST write of a create, a set (all fields replaced), a merge (the given leaves replaced) or
 * an update (dotted keys are field paths) of document `name`, as the SDK's batch would send it.
 */
export function restWrite(
  mode: WriteMode,
  name: string,
  data: DocumentFields,
  precondition?: WritePrecondition,
): RestWrite {
  const collected = new WriteFields();
  for (const key of Object.keys(data)) {
    // An update's value replaces its whole field; a set or merge is walked to its leaves (its
    // sentinels may sit in nested maps, and a merge's mask names leaves).
    collected.put(mode === 'update' ? key.split('.') : [key], data[key], mode !== 'update');
  }
  const write: RestWrite = { update: { name, fields: collected.fields } };
  if (mode === 'merge' || mode === 'update') write.updateMask = { fieldPaths: collected.mask };
  if (collected.transforms.length) write.updateTransforms = collected.transforms;
  const current = preconditionOf(mode, precondition);
  if (current) write.currentDocument = current;
  return write;
}

/** The REST write that deletes document `name`. */
export function restDelete(name: string, precondition?: WritePrecondition): RestWrite {
  const current = preconditionOf('set', precondition);
  return current ? { delete: name, currentDocument: current } : { delete: name };
}
