/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CallRequestSchema } from './call-request.js';
import { schemaFileText, wireJsonSchemas } from './json-schemas.js';
import { SessionDocSchema } from './session-doc.js';

const SCHEMA_DIR = join(import.meta.dirname, '..', 'schema');
const RUN = 'run `npm run schema -w protocol` and commit protocol/schema';

describe('wireJsonSchemas', () => {
  it('is what protocol/schema holds, file for file, when the files are in step with the zod', () => {
    const schemas = wireJsonSchemas();
    const files = readdirSync(SCHEMA_DIR).filter((f) => f !== 'versions.json');
    expect(files.sort(), `protocol/schema lists other shapes than the protocol: ${RUN}`).toEqual(
      Object.keys(schemas).map((name) => `${name}.json`),
    );
    for (const [name, schema] of Object.entries(schemas)) {
      const file = readFileSync(join(SCHEMA_DIR, `${name}.json`), 'utf8');
      expect(file, `protocol/schema/${name}.json is not what the zod generates: ${RUN}`).toBe(schemaFileText(schema));
    }
  });

  it('closes a request to unknown fields, as the server refuses them', () => {
    const request = wireJsonSchemas()['call-request'] as { additionalProperties?: unknown; properties: object };
    expect(request.additionalProperties).toBe(false);
    expect(Object.keys(request.properties).sort()).toEqual(Object.keys(CallRequestSchema.shape).sort());
  });

  it('leaves every read shape open to fields it does not name, as an older client ignores them', () => {
    const open = (value: unknown): boolean =>
      typeof value !== 'object' || value === null
        ? true
        : (value as { additionalProperties?: unknown }).additionalProperties !== false &&
          Object.values(value).every(open);
    const schemas = wireJsonSchemas();
    for (const name of ['call-result', 'wire-chunk', 'session-doc', 'approval-doc', 'stop-result']) {
      expect(open(schemas[name]), name).toBe(true);
    }
  });

  it('describes a time field as epoch ms or a Firestore timestamp', () => {
    const doc = wireJsonSchemas()['session-doc'] as { properties: Record<string, unknown>; required: string[] };
    expect(doc.properties.updatedAt).toEqual({
      anyOf: [{ type: 'number' }, { description: 'a Firestore timestamp' }],
    });
    expect(doc.required).toEqual(expect.arrayContaining(Object.keys(SessionDocSchema.def.shape).slice(0, 3)));
  });
});
