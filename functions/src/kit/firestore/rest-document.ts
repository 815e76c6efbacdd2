import type { DocumentFields, DocumentSnap, UpdateTime } from './document-db.js';
import { RestTimestamp } from './rest-timestamp.js';
import { decodeFields, type RestValue } from './rest-value.js';

/** A document as the REST API returns it. */
export interface RestDocumentJson {
  name: string;
  fields?: Record<string, RestValue>;
  updateTime?: string;
}

/** A document read over REST, shaped as the SDK's `DocumentSnapshot`. */
export class RestSnapshot implements DocumentSnap {
  readonly exists: boolean;
  readonly updateTime: UpdateTime | undefined;
  private readonly fields: DocumentFields | undefined;

  readonly id: string;

  constructor(id: string, found: RestDocumentJson | undefined) {
    this.id = id;
    this.exists = found !== undefined;
    this.updateTime = found?.updateTime ? new RestTimestamp(found.updateTime) : undefined;
    this.fields = found ? decodeFields(found.fields) : undefined;
  }

  data(): DocumentFields | undefined {
    return this.fields;
  }

  /** The value at a dotted field path, or undefined. */
  get(field: string): unknown {
    let value: unknown = this.fields;
    for (const segment of field.split('.')) {
      if (typeof value !== 'object' || value === null) return undefined;
      value = (value as DocumentFields)[segment];
    }
    return value;
  }
}
