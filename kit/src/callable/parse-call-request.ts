import { type CallRequest, CallRequestSchema, PAYLOAD_LIMITS } from '@callable-flows/protocol';
import type { z } from 'zod';
import type { AgentInput } from '../agent/index.js';
import { fromZodError, invalidField, KitError } from '../errors/index.js';
import { explainUnionIssues } from './explain-union-issues.js';

/**
 * Refuses request data over {@link PAYLOAD_LIMITS.requestBytes} before anything parses it, so an
 * oversize call costs a length check and no more.
 */
export function assertPayloadSize(data: unknown): void {
  assertPayloadDepth(data);
  const bytes = Buffer.byteLength(JSON.stringify(data ?? null) ?? '');
  const limit = PAYLOAD_LIMITS.requestBytes;
  if (bytes > limit) throw invalidField('(root)', `is ${bytes} bytes; the limit is ${limit}`, limit);
}

/**
 * Refuses data nested deeper than {@link PAYLOAD_LIMITS}.depth, walking it with an explicit
 * stack: anything recursive (JSON.stringify, zod, Firestore) would overflow on such input first.
 */
export function assertPayloadDepth(data: unknown): void {
  const stack: [unknown, number][] = [[data, 1]];
  while (stack.length) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (typeof value !== 'object' || value === null) continue;
    const limit = PAYLOAD_LIMITS.depth;
    if (depth > limit) throw invalidField('(root)', `is nested more than ${limit} levels deep`, limit);
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
}

/**
 * Parses a value with `schema`, or throws invalid-argument naming every bad field of `what`
 * (`details.field`, `details.fields`): `PAYLOAD_TOO_LARGE` when every issue is a limit
 * ({@link PAYLOAD_LIMITS}), `INVALID_FIELD` otherwise.
 */
export function parseWire<T extends z.ZodType>(schema: T, data: unknown, what: string): z.infer<T> {
  assertPayloadSize(data);
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const error = explainUnionIssues(parsed.error);
  const refused = fromZodError(error, what);
  if (!error.issues.every((issue) => issue.code === 'too_big')) throw refused;
  throw new KitError(refused.code, refused.message, { details: refused.details, reason: 'PAYLOAD_TOO_LARGE' });
}

/** Parses a call's `data` into a {@link CallRequest}; every malformed field is invalid-argument. */
export function parseCallRequest(data: unknown): CallRequest {
  return parseWire(CallRequestSchema, data, 'request data');
}

/** The agent's input for a parsed request. */
export function toAgentInput(request: CallRequest): AgentInput {
  if (request.resume) return { resume: request.resume };
  // The schema guarantees one of the two.
  const message = request.message as NonNullable<CallRequest['message']>;
  return request.snapshotId === undefined ? { message } : { message, snapshotId: request.snapshotId };
}
