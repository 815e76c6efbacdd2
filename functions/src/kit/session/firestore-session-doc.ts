import { z } from 'zod';
import { KitError } from '../errors/index.js';
import type { Message } from '../model/index.js';
import type { HistoryLayout, HistoryPlan } from './history-layout.js';
import { parseSession } from './parse-session.js';
import { pendingOf } from './pending-of.js';
import type { Session } from './session-schema.js';
import { waitingSince } from './waiting-since.js';

// The session document. Scalars a query or a TTL policy needs are native fields (status,
// owner, times); structured values are JSON text, because Firestore refuses some JSON
// (arrays inside arrays, say) that tool inputs and outputs may hold.

/** A Firestore timestamp as read back (anything with `toMillis`). */
const TimeSchema = z.union([
  z.number(),
  z.custom<{ toMillis(): number }>((v) => typeof (v as { toMillis?: unknown })?.toMillis === 'function'),
]);
const millis = (value: z.infer<typeof TimeSchema>): number => (typeof value === 'number' ? value : value.toMillis());

/** A Firestore timestamp field as epoch ms; undefined for anything else (a missing field). */
export function millisOf(value: unknown): number | undefined {
  const time = value as { toMillis?: unknown } | null | undefined;
  return typeof time?.toMillis === 'function' ? (time as { toMillis(): number }).toMillis() : undefined;
}

/** The etag of a document version: its update time, to the nanosecond. */
export function etagOf(time: { seconds: number; nanoseconds: number }): string {
  return `${time.seconds}.${String(time.nanoseconds).padStart(9, '0')}`;
}

const LayoutSchema = z.object({
  length: z.number().int().nonnegative(),
  sealed: z.number().int().nonnegative(),
  chunks: z.array(z.number().int()),
  tail: z.string(),
});

/** The fields of a session document that the store reads back. */
const SessionDocSchema = z.object({
  schemaVersion: z.number(),
  id: z.string(),
  ownerUid: z.string(),
  agent: z.string(),
  status: z.string(),
  version: z.number(),
  createdAt: TimeSchema,
  updatedAt: TimeSchema,
  expireAt: TimeSchema,
  lease: z.object({ id: z.string(), expiresAt: TimeSchema }).nullable(),
  turn: z.string().nullable(),
  turns: z.number(),
  summary: z.string().nullable(),
  results: z.string(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  history: LayoutSchema,
});

/** A session document as read: the session's fields and where its history lies. */
export interface SessionDocRead {
  layout: HistoryLayout;
  tail: string;
  /** Builds the session once the chunk documents' messages are known. */
  toSession(history: Message[]): Session;
}

function json(text: string | null, id: string): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new KitError('data-loss', `session '${id}' holds a field that is not JSON`);
  }
}

/** Reads a session document; `data-loss` when it isn't one. */
export function readSessionDoc(data: unknown, id: string): SessionDocRead {
  const parsed = SessionDocSchema.safeParse(data);
  if (!parsed.success) {
    throw new KitError(
      'data-loss',
      `session '${id}' is not a valid session document: ${z.prettifyError(parsed.error)}`,
    );
  }
  const doc = parsed.data;
  const { tail, ...layout } = doc.history;
  return {
    layout,
    tail,
    toSession(history) {
      const session: Record<string, unknown> = {
        schemaVersion: doc.schemaVersion,
        id: doc.id,
        ownerUid: doc.ownerUid,
        agent: doc.agent,
        status: doc.status,
        version: doc.version,
        createdAt: millis(doc.createdAt),
        updatedAt: millis(doc.updatedAt),
        expireAt: millis(doc.expireAt),
        history,
        ...pendingOf(history),
        turns: doc.turns,
        results: json(doc.results, id),
      };
      if (doc.lease) session.lease = { id: doc.lease.id, expiresAt: millis(doc.lease.expiresAt) };
      if (doc.turn !== null) session.turn = json(doc.turn, id);
      if (doc.summary !== null) session.summary = json(doc.summary, id);
      if (doc.error) session.error = doc.error;
      return parseSession(session, id);
    },
  };
}

/** The document fields of `session` whose history is laid out as `plan` says. */
export function sessionDocFields(session: Session, plan: HistoryPlan): Record<string, unknown> {
  return {
    schemaVersion: session.schemaVersion,
    id: session.id,
    ownerUid: session.ownerUid,
    agent: session.agent,
    status: session.status,
    version: session.version,
    createdAt: new Date(session.createdAt),
    updatedAt: new Date(session.updatedAt),
    expireAt: new Date(session.expireAt),
    lease: session.lease ? { id: session.lease.id, expiresAt: new Date(session.lease.expiresAt) } : null,
    turn: session.turn ? JSON.stringify(session.turn) : null,
    turns: session.turns,
    summary: session.summary ? JSON.stringify(session.summary) : null,
    results: JSON.stringify(session.results),
    error: session.error ?? null,
    // For clients and the cleanup job: which calls wait, without decoding the history.
    pending: session.interrupts.map((p) => ({ ref: p.toolRequest.ref ?? '', name: p.toolRequest.name })),
    history: { ...plan.layout, tail: plan.tail },
    // For the cleanup's expiry query (indexed): absent meaning from sessions that wait for no one.
    waitingSince: waitingSince(session),
  };
}
