import { createHash } from 'node:crypto';
import {
  type Branch,
  branchesOf,
  headLines,
  lineKey,
  millis,
  ROOT_BRANCH,
  SessionDocSchema,
  snapshotsOf,
  type TurnField,
  type TurnOutcome,
  tailOf,
} from '@callable-flows/protocol';
import { z } from 'zod';
import { KitError } from '../../errors/index.js';
import type { Message } from '../../model/index.js';
import { oncePerEntry } from '../once-per-entry.js';
import { parseSession } from '../parse-session.js';
import { pendingOf } from '../pending-of.js';
import type { Session } from '../session-schema.js';
import { waitingSince } from '../waiting-since.js';
import { type HistoryLayout, type HistoryPlan, lineOf } from './history-layout.js';
import { runningTurnField } from './running-turn-field.js';

// The session document's layout is the protocol's (`SessionDocSchema`); this reads it into a
// Session and writes a Session as it.

/** The etag of a document version: its update time, to the nanosecond. */
export function etagOf(time: { seconds: number; nanoseconds: number }): string {
  return `${time.seconds}.${String(time.nanoseconds).padStart(9, '0')}`;
}

/** A session document as read: the session's fields and where its history lies. */
export interface SessionDocRead {
  layout: HistoryLayout;
  tail: string;
  /** Builds the session once the chunk documents' messages (the journal's) are known. */
  toSession(journal: Message[]): Session;
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
  const { lines: _lines, ...layout } = doc.history;
  return {
    layout,
    tail: tailOf(doc.history),
    toSession(journal) {
      // The journal's messages and the snapshots were parsed as they were read: not parsed again.
      const { history, branches } = headOf(journal, doc.branches, id);
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
        turns: doc.turns,
        results: byTime(doc.results, id),
      };
      if (doc.requests && Object.keys(doc.requests).length) session.requests = byTime(doc.requests, id);
      if (doc.lease) session.lease = { id: doc.lease.id, expiresAt: millis(doc.lease.expiresAt) };
      if (doc.turn !== null) session.turn = json(doc.turn, id);
      if (doc.summary !== null) session.summary = json(doc.summary, id);
      if (typeof doc.state === 'string') session.state = json(doc.state, id);
      if (doc.error) session.error = doc.error;
      if (typeof doc.outcome === 'string') session.outcome = json(doc.outcome, id);
      if (doc.parent) session.parent = doc.parent;
      if (doc.artifacts && Object.keys(doc.artifacts).length) session.artifacts = byTime(doc.artifacts, id);
      const snapshots = snapshotsOf(doc.snapshots);
      return parseSession(session, id, { history, ...pendingOf(history), branches, snapshots });
    },
  };
}

/** The head's history and the session's branches, from the journal and the `branches` field (none: the journal is the history). */
function headOf(
  journal: Message[],
  text: string | null | undefined,
  id: string,
): Pick<Session, 'history' | 'branches'> {
  if (text === null || text === undefined) return { history: journal };
  const list = branchesOf(text);
  const history = list && headLines(list, journal);
  if (!list || !history) throw new KitError('data-loss', `session '${id}' holds branches its history does not have`);
  const branches = { list, prior: journal.slice(0, (list.at(-1) as Branch).start) };
  return { history, branches };
}

/** The field of a keyed map (`r` results, `q` request records) that holds the entry of `requestId`: a name Firestore takes as it is. */
const keyOf = (prefix: string, requestId: string): string =>
  `${prefix}${createHash('sha256').update(requestId).digest('hex').slice(0, 24)}`;

/** The entries of a keyed map field, oldest first. */
function byTime(fields: Record<string, string>, id: string): unknown[] {
  const entries = Object.values(fields).map((text) => json(text, id) as { at?: number });
  return entries.sort((a, b) => (a.at ?? 0) - (b.at ?? 0));
}

/** The tail lines of a plan as the `lines` map. */
function linesOf(plan: HistoryPlan): Record<string, string> {
  const lines: Record<string, string> = {};
  plan.tail.forEach((message, i) => {
    lines[lineKey(plan.layout.sealed + i)] = lineOf(message);
  });
  return lines;
}

/** One entry of a keyed map field: its key (a name Firestore takes as it is) and the entry. */
type KeyedEntry = readonly [key: string, entry: object];

/** A session's entries of one keyed map, under their keys (made once per entry, see once-per-entry). */
function fieldsOf<Entry extends object>(
  entriesOf: (session: Session) => readonly Entry[] | undefined,
  keyOfEntry: (entry: Entry) => string,
): (session: Session) => KeyedEntry[] {
  const keyOfOnce = oncePerEntry(keyOfEntry);
  return (session) => (entriesOf(session) ?? []).map((entry) => [keyOfOnce(entry), entry]);
}

/**
 * The keyed map fields, each entry as JSON: results (`r`) and request records (`q`) under their
 * request id's key, snapshots under `s{n}` (the id itself holds `-`), and artifact versions (the
 * protocol's `ArtifactFieldSchema`) one field a version of a branch and name, so a turn that
 * writes an artifact sends that one field (and deletes those of versions nothing shows any more).
 */
const KEYED = {
  results: fieldsOf(
    (s) => s.results,
    (result) => keyOf('r', result.requestId),
  ),
  requests: fieldsOf(
    (s) => s.requests,
    (request) => keyOf('q', request.id),
  ),
  snapshots: fieldsOf(
    (s) => s.snapshots,
    (snapshot) => `s${snapshot.n}`,
  ),
  artifacts: fieldsOf(
    (s) => s.artifacts,
    (a) => keyOf('a', JSON.stringify([a.branch ?? ROOT_BRANCH, a.version, a.name])),
  ),
};

const keyedMap = (entries: readonly KeyedEntry[]): Record<string, string> =>
  Object.fromEntries(entries.map(([key, entry]) => [key, JSON.stringify(entry)]));

/**
 * The changes of a keyed map field: only the entries that differ, so a turn sends one entry, not
 * the map. An entry the stored copy shares (the same object) is unchanged without being converted.
 */
function keyedChanges(field: keyof typeof KEYED, before: Session, next: Session): FieldChange[] {
  const was = new Map(KEYED[field](before));
  const now = new Map(KEYED[field](next));
  const changes: FieldChange[] = [];
  for (const [key, entry] of now) {
    const stored = was.get(key);
    if (stored === entry) continue;
    const text = JSON.stringify(entry);
    if (stored === undefined || JSON.stringify(stored) !== text) changes.push([`${field}.${key}`, text]);
  }
  for (const key of was.keys()) if (!now.has(key)) changes.push([`${field}.${key}`, undefined]);
  return changes;
}

/** The fields of a session other than its history and results: each is written whole when it changes. */
function scalarFields(session: Session): Record<string, unknown> {
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
    // The protocol's `TurnFieldSchema`, which watchers read the running turn's call and start from.
    turn: session.turn ? JSON.stringify(session.turn satisfies TurnField) : null,
    turns: session.turns,
    summary: session.summary ? JSON.stringify(session.summary) : null,
    state: session.state === undefined ? null : JSON.stringify(session.state),
    error: session.error ?? null,
    // For clients and the cleanup job: which calls wait, without decoding the history.
    pending: session.interrupts.map((p) => ({ ref: p.toolRequest.ref ?? '', name: p.toolRequest.name })),
    // The cleanup's index: set only while something waits, so it never scans sessions that don't.
    waitingSince: waitingSince(session),
    // For watchers: the running turn and its step, rewritten by the journal's own writes.
    running: runningTurnField(session),
    // For watchers: how the last turn ended (the protocol's `TurnOutcomeFieldSchema`), written by the write that ended it.
    outcome: session.outcome ? JSON.stringify(session.outcome satisfies TurnOutcome) : null,
    // A sub-agent's session only: every other document has no such field (and costs nothing for it).
    ...(session.parent ? { parent: session.parent } : {}),
    // A forked session only: `history` is then the journal of every branch.
    ...(session.branches ? { branches: JSON.stringify(session.branches.list) } : {}),
  };
}

/** The field of the `inbox` map that names the inbox document of call `ref`. */
const inboxKey = (ref: string): string => keyOf('i', ref);

/** The `inbox` map that names the inbox documents of calls `refs`. */
export function inboxField(refs: readonly string[]): Record<string, string> {
  return Object.fromEntries(refs.map((ref) => [inboxKey(ref), ref]));
}

/** The `inbox` map's changes that add the inbox documents of calls `refs` (a write opens them). */
export function inboxChanges(refs: readonly string[]): FieldChange[] {
  return refs.map((ref) => [`inbox.${inboxKey(ref)}`, ref]);
}

/**
 * The whole document of `session` whose history is laid out as `plan` says (a create, or a
 * rewrite), naming in `inbox` the inbox documents of calls `inbox` (those its batch opens).
 */
export function sessionDocFields(
  session: Session,
  plan: HistoryPlan,
  inbox: readonly string[] = [],
): Record<string, unknown> {
  return {
    ...scalarFields(session),
    results: keyedMap(KEYED.results(session)),
    requests: keyedMap(KEYED.requests(session)),
    ...(session.snapshots?.length ? { snapshots: keyedMap(KEYED.snapshots(session)) } : {}),
    artifacts: keyedMap(KEYED.artifacts(session)),
    inbox: inboxField(inbox),
    history: { ...plan.layout, lines: linesOf(plan) },
  };
}

/** A document field by its path (`history.lines.m000012`), and its new value; `undefined` deletes it. */
export type FieldChange = [path: string, value: unknown];

const same = (a: unknown, b: unknown): boolean =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields a write changes, to replace `before` (laid out as `layout`) by `next`
 * laid out as `plan` says: only what differs, so a warm turn's bytes don't grow with its history.
 * Tail lines the plan shares with the stored copy (the same message objects) aren't sent again.
 */
export function sessionFieldChanges(
  before: Session,
  layout: HistoryLayout,
  next: Session,
  plan: HistoryPlan,
): FieldChange[] {
  const changes: FieldChange[] = [];
  const was = scalarFields(before);
  for (const [key, value] of Object.entries(scalarFields(next))) if (!same(was[key], value)) changes.push([key, value]);
  for (const field of Object.keys(KEYED) as (keyof typeof KEYED)[]) changes.push(...keyedChanges(field, before, next));
  if (layout.sealed !== plan.layout.sealed) changes.push(['history.sealed', plan.layout.sealed]);
  if (layout.length !== plan.layout.length) changes.push(['history.length', plan.layout.length]);
  if (!same(layout.chunks, plan.layout.chunks)) changes.push(['history.chunks', plan.layout.chunks]);
  for (let i = plan.layout.sealed; i < plan.layout.length; i++) {
    // A line the stored tail holds for the same message needs no write.
    const stored = i >= layout.sealed && i < layout.length && i < plan.keep;
    if (!stored) changes.push([`history.lines.${lineKey(i)}`, lineOf(plan.tail[i - plan.layout.sealed] as Message)]);
  }
  for (let i = layout.sealed; i < layout.length; i++) {
    if (i < plan.layout.sealed || i >= plan.layout.length) changes.push([`history.lines.${lineKey(i)}`, undefined]);
  }
  return changes;
}
