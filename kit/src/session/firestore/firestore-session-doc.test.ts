import { artifactsOf, outcomeOf, SessionDocSchema, turnOf } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../model/index.js';
import type { Session } from '../session-schema.js';
import { sampleSession } from '../test-utils/session-store-conformance.js';
import { inboxChanges, readSessionDoc, sessionDocFields, sessionFieldChanges } from './firestore-session-doc.js';
import { EMPTY_LAYOUT, planHistory } from './history-layout.js';

const user = (text: string): Message => ({ role: 'user', content: [{ text }] });

/** What Firestore gives back for the fields the kit wrote: Dates come back as timestamps. */
function readBack(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Date ? { toMillis: () => value.getTime() } : value;
  }
  const lease = fields.lease as { id: string; expiresAt: Date } | null;
  if (lease) out.lease = { id: lease.id, expiresAt: { toMillis: () => lease.expiresAt.getTime() } };
  return out;
}

describe('sessionDocFields', () => {
  it('writes a document the protocol’s codec reads and the kit reads back as the same session', () => {
    const session = { ...sampleSession('s1', [user('a'), user('b')]), turns: 2 };
    const plan = planHistory(EMPTY_LAYOUT, [], session.history);
    const fields = sessionDocFields(session, plan);
    expect(SessionDocSchema.safeParse(readBack(fields)).success).toBe(true);
    const read = readSessionDoc(readBack(fields), 's1');
    expect(read.layout).toEqual(plan.layout);
    expect(read.toSession(session.history)).toEqual(session);
  });
});

describe('sessionDocFields (running turn)', () => {
  it('writes the running turn the protocol’s codec reads when a turn holds the lease', () => {
    const session = {
      ...sampleSession('s1', [user('a')]),
      status: 'running' as const,
      lease: { id: 'l1', expiresAt: 1_700_000_012_000 },
      turn: { seq: 0, kind: 'message' as const, start: 0, startedAt: 1_700_000_000_000, requestId: 'r-1' },
    };
    const fields = sessionDocFields(session, planHistory(EMPTY_LAYOUT, [], session.history));
    const parsed = SessionDocSchema.parse(readBack(fields));
    expect(parsed.running).toEqual({ step: 'model', refs: [] });
    expect(turnOf(parsed.turn)).toEqual(session.turn);
    expect(readSessionDoc(readBack(fields), 's1').toSession(session.history)).toEqual(session);
  });
});

describe('sessionDocFields (outcome)', () => {
  it('writes the last turn’s outcome the protocol’s codec reads, and null once a turn takes the lease', () => {
    const stoppedBy = { uid: 'u1', requestId: 'stop-1', clientId: 'phone', at: 5 };
    const outcome = { kind: 'stopped' as const, at: 6, requestId: 'r-1', stoppedBy };
    const session = { ...sampleSession('s1', [user('a')]), outcome };
    const fields = sessionDocFields(session, planHistory(EMPTY_LAYOUT, [], session.history));
    expect(outcomeOf(SessionDocSchema.parse(readBack(fields)).outcome)).toEqual(outcome);
    expect(readSessionDoc(readBack(fields), 's1').toSession(session.history)).toEqual(session);
    const { outcome: _cleared, ...leased } = session;
    const plan = planHistory(EMPTY_LAYOUT, [], session.history);
    const same = planHistory(plan.layout, session.history, leased.history);
    expect(Object.fromEntries(sessionFieldChanges(session, plan.layout, leased, same))).toEqual({ outcome: null });
  });
});

describe('readSessionDoc', () => {
  it('refuses with data-loss when the document is not a session document', () => {
    expect(() => readSessionDoc({ id: 's1' }, 's1')).toThrow(expect.objectContaining({ code: 'data-loss' }));
  });
});

describe('sessionFieldChanges', () => {
  it('changes only the fields that differ, and adds a line for a new message, when a session grows', () => {
    const before = sampleSession('s1', [user('a')]);
    const plan = planHistory(EMPTY_LAYOUT, [], before.history);
    const next = { ...before, history: [...before.history, user('b')], version: 2 };
    const grown = planHistory(plan.layout, before.history, next.history);
    const changes = Object.fromEntries(sessionFieldChanges(before, plan.layout, next, grown));
    expect(Object.keys(changes).sort()).toEqual(['history.length', 'history.lines.m000001', 'version']);
    expect(changes['history.lines.m000001']).toBe(`${JSON.stringify(user('b'))}\n`);
  });
});

describe('sessionDocFields (parent link)', () => {
  it("writes a sub-agent session's parent link and reads it back, and no such field on other sessions", () => {
    const parent = { sessionId: 'p1', ref: 't1', agent: 'shop' };
    const session = { ...sampleSession('s1', [user('a')]), parent };
    const fields = sessionDocFields(session, planHistory(EMPTY_LAYOUT, [], session.history));
    expect(SessionDocSchema.parse(readBack(fields)).parent).toEqual(parent);
    expect(readSessionDoc(readBack(fields), 's1').toSession(session.history)).toEqual(session);
    const plain = sampleSession('s2', [user('a')]);
    expect('parent' in sessionDocFields(plain, planHistory(EMPTY_LAYOUT, [], plain.history))).toBe(false);
  });
});

describe('sessionDocFields (inbox)', () => {
  it('names the inbox document of each call its batch opens, under a key the protocol’s codec reads', () => {
    const session = sampleSession('s1', [user('a')]);
    const fields = sessionDocFields(session, planHistory(EMPTY_LAYOUT, [], session.history), ['t1', 'a/b.c']);
    const inbox = fields.inbox as Record<string, string>;
    expect(Object.values(inbox).sort()).toEqual(['a/b.c', 't1']);
    for (const key of Object.keys(inbox)) expect(key).toMatch(/^i[0-9a-f]{24}$/);
    expect(SessionDocSchema.parse(readBack(fields)).inbox).toEqual(inbox);
  });

  it('writes an empty inbox when no call of a new session waits', () => {
    const session = sampleSession('s1', [user('a')]);
    expect(sessionDocFields(session, planHistory(EMPTY_LAYOUT, [], session.history)).inbox).toEqual({});
  });
});

describe('inboxChanges', () => {
  it('adds one field per opened call, at the key the whole document names it by', () => {
    const session = sampleSession('s1', [user('a')]);
    const whole = sessionDocFields(session, planHistory(EMPTY_LAYOUT, [], session.history), ['t1']);
    const [key] = Object.keys(whole.inbox as Record<string, string>);
    expect(inboxChanges(['t1'])).toEqual([[`inbox.${key}`, 't1']]);
  });
});

describe('sessionDocFields (artifacts)', () => {
  const report = (version: number, text: string) => ({
    name: 'report',
    version,
    parts: [{ text }],
    at: 1_700_000_000_000 + version,
    ref: 't1',
  });

  it('writes artifacts the protocol’s codec reads, one field a name, and reads them back', () => {
    const session = { ...sampleSession('s1', [user('a')]), artifacts: [report(1, 'v1')] };
    const fields = sessionDocFields(session, planHistory(EMPTY_LAYOUT, [], session.history));
    const parsed = SessionDocSchema.parse(readBack(fields));
    expect(artifactsOf(parsed.artifacts)).toEqual([report(1, 'v1')]);
    expect(readSessionDoc(readBack(fields), 's1').toSession(session.history)).toEqual(session);
  });

  it('adds only the field of the version a write made, and deletes that of a version nothing shows any more', () => {
    const before = { ...sampleSession('s1', [user('a')]), artifacts: [report(1, 'v1')] };
    const plan = planHistory(EMPTY_LAYOUT, [], before.history);
    const changesTo = (artifacts: Session['artifacts']) => {
      const next = { ...before, artifacts };
      const changes = sessionFieldChanges(
        before,
        plan.layout,
        next,
        planHistory(plan.layout, before.history, next.history),
      );
      expect(changes.filter(([path]) => !path.startsWith('artifacts.'))).toEqual([]);
      return changes.map(([, value]) => (value === undefined ? undefined : JSON.parse(value as string)));
    };
    // Version 1 kept beside version 2 (a snapshot shows it): one field added, none rewritten.
    expect(changesTo([report(1, 'v1'), report(2, 'v2')])).toEqual([report(2, 'v2')]);
    // Version 1 left: its field is deleted in the same write.
    expect(changesTo([report(2, 'v2')])).toEqual([report(2, 'v2'), undefined]);
  });
});
