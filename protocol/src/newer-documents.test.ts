import { describe, expect, it } from 'vitest';
import { readApproval } from './approval-doc.js';
import { LiveDocSchema, outcomeOf, SessionDocSchema, turnOf } from './session-doc.js';

// What a client of this version does with what a newer server writes (docs/reference.md, "What an
// older client does with newer things"): fields it doesn't know are dropped, kinds and states it
// doesn't know leave the value out, never a throw.

const at = (ms: number) => ({ toMillis: () => ms });
const session = {
  schemaVersion: 1,
  id: 's1',
  ownerUid: 'u1',
  agent: 'orders',
  status: 'idle',
  version: 3,
  createdAt: at(1),
  updatedAt: at(2),
  expireAt: at(3),
  lease: null,
  turn: null,
  turns: 1,
  summary: null,
  results: {},
  error: null,
  history: { length: 0, sealed: 0, chunks: [], lines: {} },
};
const inbox = {
  sessionId: 's1',
  ref: 'r1',
  tool: 'refund',
  metadata: {},
  inputDigest: 'd',
  ownerUid: 'alice',
  approverUids: [],
  approverClaim: null,
  state: 'waiting',
  waitingSince: at(1_000),
  expiresAt: null,
  expireAt: at(9_000),
};

describe('documents a newer server wrote, read by this version', () => {
  it('reads a session document with a field it does not know, and drops the field', () => {
    const parsed = SessionDocSchema.parse({ ...session, mood: 'cheerful', history: { ...session.history, zip: 1 } });
    expect(parsed).not.toHaveProperty('mood');
    expect(parsed.history).not.toHaveProperty('zip');
  });

  it('leaves out an outcome of a kind it does not know, and keeps one of a known kind with a new field', () => {
    expect(outcomeOf(JSON.stringify({ kind: 'handedOver', at: 5 }))).toBeUndefined();
    expect(outcomeOf(JSON.stringify({ kind: 'done', at: 5, cost: 3 }))).toEqual({ kind: 'done', at: 5 });
    expect(turnOf(JSON.stringify({ seq: 1, kind: 'message', start: 0, startedAt: 1, model: 'x' }))).toEqual({
      seq: 1,
      kind: 'message',
      start: 0,
      startedAt: 1,
    });
  });

  it('leaves out an inbox document in a state it does not know, and reads one with a field it does not know', () => {
    expect(readApproval('a1', { ...inbox, state: 'escalated' })).toBeUndefined();
    const read = readApproval('a1', { ...inbox, presentedInput: { amount: 5 } });
    expect(read).toMatchObject({ id: 'a1', state: 'waiting' });
    expect(read).not.toHaveProperty('presentedInput');
  });

  it('reads a live document with a field it does not know', () => {
    const live = { ownerUid: 'u1', leaseId: 'l1', from: 2, text: 'Hel', updatedAt: at(1), expireAt: at(2), tone: 'x' };
    expect(LiveDocSchema.parse(live)).not.toHaveProperty('tone');
  });
});
