import { describe, expect, it } from 'vitest';
import { stampAnswer, stampAnsweredBy, stampApproved, stampInterrupt, stampResolved } from '../../call-state/index.js';
import type { Message, ToolRequestPart } from '../../model/index.js';
import type { Session } from '../session-schema.js';
import { sampleSession } from '../test-utils/session-store-conformance.js';
import { approvalRefsOf, approvalWrites, openedRefs } from './approval-docs.js';

const now = 1_700_000_000_000;
const call = (ref: string): ToolRequestPart => ({ toolRequest: { name: 'refund', ref, input: { cents: 5 } } });
const waiting = (ref: string, approvers?: { uids: string[]; claim?: string }) =>
  stampInterrupt(call(ref), { title: 'Refund?', rows: [[1, 2]] }, { approvers });
const round = (...parts: ToolRequestPart[]): Message[] => [
  { role: 'user', content: [{ text: 'refund' }] },
  { role: 'model', content: parts },
];
const session = (history: Message[], over: Partial<Session> = {}): Session => ({
  ...sampleSession('s1', history, now),
  updatedAt: now,
  ...over,
});

describe('approvalWrites', () => {
  it('opens a document per call that starts waiting, addressed to the owner or to the tool’s approvers', () => {
    const next = session(round(waiting('a'), waiting('b', { uids: [], claim: 'manager' })), { status: 'interrupted' });
    const writes = approvalWrites(undefined, next);
    expect(writes.map((w) => [w.ref, w.kind])).toEqual([
      ['a', 'open'],
      ['b', 'open'],
    ]);
    expect(writes[0]?.fields).toMatchObject({
      sessionId: 's1',
      ref: 'a',
      tool: 'refund',
      ownerUid: 'alice',
      agent: 'shop',
      approverUids: ['alice'],
      approverClaim: null,
      state: 'waiting',
      expiresAt: null,
      // An array inside an array (which Firestore refuses) is stored as its JSON text.
      metadata: { title: 'Refund?', rows: ['[1,2]'] },
    });
    expect(writes[1]?.fields).toMatchObject({ approverUids: [], approverClaim: 'manager' });
  });
  it('holds the input as the tool presented it, or the input itself when the tool presented none', () => {
    const presented = { fields: [{ label: 'Amount', value: '€0.05', source: 'tool' as const }] };
    const shown = stampInterrupt(call('b'), { title: 'Refund?' }, { presented });
    const writes = approvalWrites(undefined, session(round(waiting('a'), shown), { status: 'interrupted' }));
    expect(writes[0]?.fields.presented).toEqual({ fields: [{ label: 'cents', value: '5', source: 'model' }] });
    expect(writes[1]?.fields.presented).toEqual(presented);
  });
  it('closes the document of a call answered, with its answer and who gave it, and leaves the other waiting', () => {
    const before = session(round(waiting('a'), waiting('b')), { status: 'interrupted' });
    const response = { toolResponse: { name: 'refund', ref: 'a', output: { no: true } }, metadata: { declined: true } };
    const answered = stampAnsweredBy(stampAnswer(waiting('a'), response), { uid: 'max', at: now + 5 });
    const next = session(round(answered, waiting('b')), { status: 'running', updatedAt: now + 5, version: 2 });
    expect(approvalWrites(before, next)).toEqual([
      {
        ref: 'a',
        kind: 'close',
        fields: { state: 'declined', closedAt: new Date(now + 5), answeredBy: { uid: 'max', at: new Date(now + 5) } },
      },
    ]);
  });
  it('closes a tool’s own question (an MCP server’s) as the person answered it, though the call runs again', () => {
    const before = session(round(waiting('a'), waiting('b'), waiting('c')), { status: 'interrupted' });
    const runAgain = (ref: string, answeredAs?: 'respond' | 'decline') =>
      stampApproved(waiting(ref), { toolRequest: call(ref).toolRequest, metadata: answeredAs ? { answeredAs } : {} });
    const next = session(round(runAgain('a', 'respond'), runAgain('b', 'decline'), runAgain('c')), {
      status: 'running',
      updatedAt: now + 5,
      version: 2,
    });
    expect(approvalWrites(before, next).map((w) => [w.ref, w.fields.state])).toEqual([
      ['a', 'answered'],
      ['b', 'declined'],
      ['c', 'approved'],
    ]);
  });
  it('closes as expired in an expired session, as closed when the round closed unanswered, and writes none when no wait changed', () => {
    const before = session(round(waiting('a')), { status: 'interrupted' });
    const closed = round(stampResolved(waiting('a')));
    const outcome = { kind: 'expired' as const, at: now + 9 };
    const expired = approvalWrites(before, session(closed, { status: 'expired', outcome, version: 2 }));
    expect(expired).toEqual([{ ref: 'a', kind: 'close', fields: { state: 'expired', closedAt: new Date(now + 9) } }]);
    expect(approvalWrites(before, session(closed, { status: 'idle', version: 2 }))[0]?.fields.state).toBe('closed');
    expect(approvalWrites(before, { ...before, version: 2 })).toEqual([]);
    expect(approvalWrites(session(round(call('x'))), session(round(call('x'))))).toEqual([]);
  });
  it('closes as superseded a call a fork left waiting, whether the new branch holds its round or not', () => {
    const before = session(round(waiting('a')), { status: 'interrupted' });
    const fork = { branch: 'b0', at: 2, snapshot: 's1-x' };
    const branches = {
      list: [
        { id: 'b0', start: 0 },
        { id: 'b1', start: 2, parent: fork },
      ],
      prior: before.history,
    };
    // From the snapshot of the turn that asked: the new branch holds the round, closed.
    const kept = round(stampResolved(waiting('a')));
    const fromItsTurn = session([...kept, { role: 'user', content: [{ text: 'no' }] }], { branches, version: 2 });
    expect(approvalWrites(before, fromItsTurn)[0]?.fields.state).toBe('superseded');
    // From an older snapshot: the new branch never had it.
    const older = {
      ...branches,
      list: [
        { id: 'b0', start: 0 },
        { id: 'b1', start: 2, parent: { ...fork, at: 0 } },
      ],
    };
    const fromBefore = session([{ role: 'user', content: [{ text: 'no' }] }], { branches: older, version: 2 });
    expect(approvalWrites(before, fromBefore)[0]?.fields.state).toBe('superseded');
  });
  it('closes as superseded a call a fork left waiting on its second question, though its first was answered', () => {
    // A tool's own question answered, the call run again, asking again: its last answer's stamps stay on it.
    const answered = stampApproved(waiting('a'), { ...call('a'), metadata: { answeredAs: 'respond' } });
    const askedAgain = stampInterrupt(answered, { title: 'Sure?' });
    const before = session(round(askedAgain), { status: 'interrupted' });
    const branches = {
      list: [
        { id: 'b0', start: 0 },
        { id: 'b1', start: 2, parent: { branch: 'b0', at: 2, snapshot: 's2-x' } },
      ],
      prior: before.history,
    };
    const forked = session([...round(stampResolved(askedAgain)), { role: 'user', content: [{ text: 'no' }] }], {
      branches,
      version: 2,
    });
    expect(approvalWrites(before, forked)[0]?.fields).toEqual({ state: 'superseded', closedAt: new Date(now) });
  });
  it('closes as expired a call that expired on its second question, though its first was answered', () => {
    const answered = stampApproved(waiting('a'), { ...call('a'), metadata: { answeredAs: 'respond' } });
    const askedAgain = stampInterrupt(answered, { title: 'Sure?' });
    const before = session(round(askedAgain), { status: 'interrupted' });
    const outcome = { kind: 'expired' as const, at: now + 9 };
    const expired = session(round(stampResolved(askedAgain)), { status: 'expired', outcome, version: 2 });
    expect(approvalWrites(before, expired)[0]?.fields).toEqual({ state: 'expired', closedAt: new Date(now + 9) });
  });
});

describe('approvalWrites: who asked', () => {
  it('names the agent that asked: the session’s, or for a sub-agent’s question the sub-agent', () => {
    const question = {
      name: 'refund',
      ref: 'q1',
      input: { cents: 5 },
      metadata: { title: 'Refund?' },
      inputDigest: 'd',
    };
    const subCall = stampInterrupt(
      { toolRequest: { name: 'refunds', ref: 'r', input: {} } },
      { subAgent: { agent: 'refunds', sessionId: 's1~r', interrupts: [question] } },
    );
    const writes = approvalWrites(undefined, session(round(waiting('a'), subCall), { status: 'interrupted' }));
    expect(writes.map((w) => [w.ref, w.fields.agent])).toEqual([
      ['a', 'shop'],
      ['r/q1', 'refunds'],
    ]);
  });
});

describe('approvalRefsOf', () => {
  it('names every call that ever waited, in closed rounds too, and no call that never asked', () => {
    const history = [...round(stampResolved(waiting('a')), call('b')), ...round(waiting('c'))];
    expect(approvalRefsOf(session(history))).toEqual(['a', 'c']);
  });
});

describe('openedRefs', () => {
  it('names the calls a write opens, not those it closes', () => {
    const before = session(round(waiting('a')), { status: 'interrupted' });
    const after = session(round(call('a'), waiting('b')), { status: 'interrupted' });
    const writes = approvalWrites(before, after);
    expect(writes.map((w) => w.kind).sort()).toEqual(['close', 'open']);
    expect(openedRefs(writes)).toEqual(['b']);
  });
});
