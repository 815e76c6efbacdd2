import { describe, expect, it } from 'vitest';
import { turnOutcome } from './turn-outcome.js';

const turn = { seq: 1, kind: 'message' as const, requestId: 'r1', start: 0, startedAt: 1 };

describe('turnOutcome', () => {
  it('names who stopped the turn, from which client and when, falling back to the owner for a stop that kept no uid', () => {
    const stop = { leaseId: 'l1', at: 5, requestId: 'stop-1', clientId: 'phone' };
    expect(turnOutcome(turn, 9, { kind: 'stopped', stop, ownerUid: 'alice' })).toEqual({
      kind: 'stopped',
      at: 9,
      requestId: 'r1',
      stoppedBy: { uid: 'alice', requestId: 'stop-1', clientId: 'phone', at: 5 },
    });
  });

  it('keeps a failure’s code and reason, and no request id when the turn had none', () => {
    const { requestId: _id, ...anonymous } = turn;
    const failure = { code: 'unavailable', reason: 'MODEL_UNAVAILABLE' };
    expect(turnOutcome(anonymous, 3, { kind: 'failed', failure })).toEqual({ kind: 'failed', at: 3, failure });
  });

  it('records done, interrupted and expired with nothing else', () => {
    for (const kind of ['done', 'interrupted', 'expired'] as const) {
      expect(turnOutcome(turn, 2, { kind })).toEqual({ kind, at: 2, requestId: 'r1' });
    }
  });
});
