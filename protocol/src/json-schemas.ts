import { z } from 'zod';
import { ApprovalDocSchema } from './approval-doc.js';
import { ArtifactFieldSchema } from './artifact.js';
import { CallRequestSchema } from './call-request.js';
import { ApprovalResultSchema, CallResultSchema, QueuedResultSchema } from './call-result.js';
import { canonicalJson } from './canonical-json.js';
import {
  LiveDocSchema,
  QueueDocSchema,
  SessionDocSchema,
  TurnFieldSchema,
  TurnOutcomeFieldSchema,
} from './session-doc.js';
import { base64url, sha256 } from './sha256.js';
import { StopRequestSchema, StopResultSchema, WithdrawRequestSchema, WithdrawResultSchema } from './stop-request.js';
import { WireChunkSchema } from './wire-chunk.js';
import { WireErrorSchema } from './wire-error.js';

// Not exported from the package's index: only the schema script and its tests need toJSONSchema,
// and a browser bundle of the protocol should not carry it.

/** What a shape is to an app: what it sends (`request`), or what it reads (`read`). */
type Direction = 'request' | 'read';

/** Every wire shape and every document an app reads, by the name of its file in protocol/schema. */
const WIRE_SHAPES: Record<string, { schema: z.core.$ZodType; direction: Direction; title: string }> = {
  'call-request': { schema: CallRequestSchema, direction: 'request', title: 'A turn: a message, or a resume' },
  'stop-request': { schema: StopRequestSchema, direction: 'request', title: 'A stop of the running turn' },
  'withdraw-request': { schema: WithdrawRequestSchema, direction: 'request', title: 'A withdraw of a queued message' },
  'call-result': { schema: CallResultSchema, direction: 'read', title: "A turn's result" },
  'queued-result': { schema: QueuedResultSchema, direction: 'read', title: 'A message queued behind a running turn' },
  'approval-result': { schema: ApprovalResultSchema, direction: 'read', title: "An approver's answer, recorded" },
  'stop-result': { schema: StopResultSchema, direction: 'read', title: "A stop's answer" },
  'withdraw-result': { schema: WithdrawResultSchema, direction: 'read', title: "A withdraw's answer" },
  'wire-chunk': { schema: WireChunkSchema, direction: 'read', title: 'One streamed chunk' },
  'wire-error': { schema: WireErrorSchema, direction: 'read', title: 'The body of a refused call' },
  'session-doc': { schema: SessionDocSchema, direction: 'read', title: 'sessions/{sessionId}' },
  'session-turn': { schema: TurnFieldSchema, direction: 'read', title: "The session's `turn` field (JSON text)" },
  'session-outcome': {
    schema: TurnOutcomeFieldSchema,
    direction: 'read',
    title: "The session's `outcome` field (JSON text)",
  },
  'session-artifact': {
    schema: ArtifactFieldSchema,
    direction: 'read',
    title: "An entry of the session's `artifacts` map (JSON text)",
  },
  'queue-doc': { schema: QueueDocSchema, direction: 'read', title: 'sessions/{sessionId}/control/queue' },
  'live-doc': { schema: LiveDocSchema, direction: 'read', title: 'sessions/{sessionId}/control/live' },
  'approval-doc': { schema: ApprovalDocSchema, direction: 'read', title: 'approvals/{approvalId}' },
};

/** A JSON Schema document. */
export type JsonSchema = Record<string, unknown>;

function jsonSchemaOf(name: string): JsonSchema {
  const shape = WIRE_SHAPES[name] as (typeof WIRE_SHAPES)[string];
  const schema = z.toJSONSchema(shape.schema, {
    // A request is checked as the server parses it; a read shape as the server writes it.
    io: shape.direction === 'request' ? 'input' : 'output',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      // A time field's other branch: a Firestore timestamp, as each SDK's listener hands it over.
      if (zodSchema._zod.def.type === 'custom') jsonSchema.description = 'a Firestore timestamp';
      // A reader ignores the fields it doesn't know (docs/reference.md, older clients): never closed.
      if (shape.direction === 'read' && jsonSchema.additionalProperties === false)
        delete jsonSchema.additionalProperties;
    },
  }) as JsonSchema;
  return { ...schema, title: shape.title };
}

/** The JSON Schema of every wire shape and document, by file name (without `.json`). */
export function wireJsonSchemas(): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  for (const name of Object.keys(WIRE_SHAPES).sort()) schemas[name] = jsonSchemaOf(name);
  return schemas;
}

/** The text of a schema file: two-space JSON and a final newline. */
export const schemaFileText = (schema: JsonSchema): string => `${JSON.stringify(schema, null, 2)}\n`;

/** One digest of a set of schemas (base64url SHA-256 of their canonical JSON): what versions.json seals per version. */
export const schemasDigest = (schemas: Record<string, JsonSchema>): string => base64url(sha256(canonicalJson(schemas)));

/**
 * What is wrong with `versions` (protocol/schema/versions.json: version → the digest sealed for
 * it) for schemas whose digest is `digest` at `version`, in words that say what to do; undefined
 * when the schemas are the ones sealed for their version.
 */
export function sealProblem(versions: Record<string, string>, version: number, digest: string): string | undefined {
  const newer = Object.keys(versions).filter((v) => Number(v) > version);
  if (newer.length)
    return `protocol/schema/versions.json seals version ${newer.join(', ')}, newer than PROTOCOL_VERSION ${version}.`;
  const sealed = versions[String(version)];
  if (sealed === undefined) {
    return `protocol/schema/versions.json has no digest for version ${version}: run \`npm run schema -w protocol\` and commit protocol/schema.`;
  }
  if (sealed === digest) return undefined;
  return [
    `The wire schemas changed, but PROTOCOL_VERSION is still ${version}, whose schemas are sealed in protocol/schema/versions.json.`,
    `An app in the field speaks version ${version} as sealed. To change the wire:`,
    `  1. set PROTOCOL_VERSION = ${version + 1} in protocol/src/protocol-version.ts (OLDEST_PROTOCOL_VERSION stays, so version ${version} is still answered);`,
    `  2. run \`npm run schema -w protocol\`: it rewrites protocol/schema/*.json and seals version ${version + 1} in versions.json;`,
    `  3. add the change to CHANGELOG.md and to docs/reference.md ("Protocol versions": what an older client does with it);`,
    `  4. record version ${version + 1}'s traffic (functions/src/e2e/wire-corpus, docs/reference.md) beside the older recordings, never over them.`,
    `Only if version ${version} was never released may \`npm run schema -w protocol -- --reseal\` seal the change under it instead.`,
  ].join('\n');
}
