import { describe, expect, it } from 'vitest';
import type { Session } from '../../session/index.js';
import { sampleSession } from '../../session/test-utils/session-store-conformance.js';
import type { AgentRuntime } from '../runtime/index.js';
import { admitRequestId, requestsAfterAdmission } from './admit-request-id.js';

const rt = { output: undefined } as AgentRuntime;
const now = 1_700_000_000_000;
const turn = { seq: 0, kind: 'message' as const, start: 0, startedAt: now, requestId: 'r1' };

function session(over: Partial<Session> = {}): Session {
  return {
    ...sampleSession('s1', [{ role: 'user', content: [{ text: 'pay' }] }]),
    status: 'failed',
    turn,
    turns: 1,
    requests: [{ id: 'r1', digest: 'd1', at: now }],
    ...over,
  };
}

describe('admitRequestId', () => {
  it('admits a call with no id, or an id the session does not know, as a new call', () => {
    expect(admitRequestId(rt, session(), 'incomplete', { requestId: undefined, digest: 'd1', now })).toBeUndefined();
    expect(admitRequestId(rt, session(), 'incomplete', { requestId: 'r2', digest: 'd2', now })).toBeUndefined();
  });

  it('refuses a known id that asks for another request', () => {
    expect(() => admitRequestId(rt, session(), 'incomplete', { requestId: 'r1', digest: 'other', now })).toThrow(
      expect.objectContaining({ reason: 'REQUEST_ID_REUSED' }),
    );
  });

  it('goes on from the journal when the call’s turn is still open', () => {
    const admitted = admitRequestId(rt, session(), 'incomplete', { requestId: 'r1', digest: 'd1', now });
    expect(admitted).toMatchObject({ plan: { kind: 'retry', turn } });
  });

  it('refuses by name a call a later call closed', () => {
    const closed = session({ requests: [{ id: 'r1', digest: 'd1', at: now, outcome: 'cut-short' }] });
    expect(() => admitRequestId(rt, closed, 'idle', { requestId: 'r1', digest: 'd1', now })).toThrow(
      expect.objectContaining({
        reason: 'REQUEST_CLOSED',
        details: expect.objectContaining({ requestId: 'r1', outcome: 'cut-short' }),
      }),
    );
  });

  it('asks the retry to wait while the call’s turn still runs', () => {
    expect(() => admitRequestId(rt, session(), 'held', { requestId: 'r1', digest: 'd1', now })).toThrow(
      expect.objectContaining({ reason: 'SESSION_BUSY' }),
    );
  });
});

describe('requestsAfterAdmission', () => {
  it('closes the open call of the turn a new call takes over, and records the new id', () => {
    const plan = { kind: 'message' as const, history: [], turn: { ...turn, requestId: 'r2' }, turns: 2 };
    const requests = requestsAfterAdmission(session(), 'incomplete', plan, { requestId: 'r2', digest: 'd2', now });
    expect(requests).toEqual([
      { id: 'r1', digest: 'd1', at: now, outcome: 'cut-short' },
      { id: 'r2', digest: 'd2', at: now },
    ]);
  });

  it('leaves the record as it is for the retry of an open call', () => {
    const s = session();
    const plan = { kind: 'retry' as const, history: s.history, turn, turns: 1 };
    expect(requestsAfterAdmission(s, 'incomplete', plan, { requestId: 'r1', digest: 'd1', now })).toBe(s.requests);
  });
});
