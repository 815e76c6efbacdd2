import { describe, expect, it } from 'vitest';
import type { Message } from '../../model/index.js';
import type { Session } from '../../session/index.js';
import { sampleSession } from '../../session/test-utils/session-store-conformance.js';
import type { AgentRuntime } from '../runtime/index.js';
import { admitCall } from './admit-call.js';

const rt = { name: 'shop', output: undefined } as AgentRuntime;
const now = 1_700_000_000_000;
const pay: Message = { role: 'user', content: [{ text: 'pay' }] };
const turn = { seq: 0, kind: 'message' as const, start: 0, startedAt: now, requestId: 'r1' };

/** A session whose turn for request r1 was cut short (failed, no lease). */
const cutShort = (): Session => ({
  ...sampleSession('s1', [pay]),
  status: 'failed',
  turn,
  turns: 1,
  requests: [{ id: 'r1', digest: 'd1', at: now }],
});
const call = (requestId: string, digest: string, message: Message = pay) => ({
  kind: 'message' as const,
  message,
  requestId,
  digest,
  now,
  uid: 'alice',
});

describe('admitCall', () => {
  it('goes on from the journal, keeping the request records, when a known id’s turn was cut short', () => {
    const admitted = admitCall(rt, cutShort(), call('r1', 'd1'));
    expect(admitted).toMatchObject({ plan: { kind: 'retry', turn }, requests: cutShort().requests });
  });

  it('plans a new turn that closes the cut-short call and admits its own id when a new id asks', () => {
    const next: Message = { role: 'user', content: [{ text: 'something else' }] };
    const admitted = admitCall(rt, cutShort(), call('r2', 'd2', next));
    expect(admitted).toMatchObject({
      plan: { kind: 'message', turns: 2 },
      requests: [
        { id: 'r1', outcome: 'cut-short' },
        { id: 'r2', digest: 'd2', at: now },
      ],
    });
  });

  it('refuses, writing nothing, when a known id asks for another request', () => {
    expect(() => admitCall(rt, cutShort(), call('r1', 'other'))).toThrow(
      expect.objectContaining({ reason: 'REQUEST_ID_REUSED' }),
    );
  });

  it('refuses another user’s session with NOT_OWNER and another agent’s with WRONG_AGENT', () => {
    expect(() => admitCall(rt, cutShort(), { ...call('r1', 'd1'), uid: 'mallory' })).toThrow(
      expect.objectContaining({ code: 'permission-denied', reason: 'NOT_OWNER' }),
    );
    expect(() => admitCall({ ...rt, name: 'bank' }, cutShort(), call('r1', 'd1'))).toThrow(
      expect.objectContaining({ code: 'failed-precondition', reason: 'WRONG_AGENT' }),
    );
  });

  describe('a continuation', () => {
    const lease = { id: 'lease-1', expiresAt: now - 1 };
    /** A session whose turn for r1 runs under a lease that lapsed (its instance died). */
    const lapsed = (over: Partial<Session> = {}): Session => ({ ...cutShort(), status: 'running', lease, ...over });
    const continuation = (leaseId = lease.id, at = now) => ({ kind: 'continuation' as const, leaseId, now: at });

    it('retries the lapsed turn as its owner, keeping the request records, when the lease it names lapsed', () => {
      const admitted = admitCall(rt, lapsed(), continuation());
      expect(admitted).toEqual({
        plan: { kind: 'retry', history: lapsed().history, turn, turns: 1 },
        requests: cutShort().requests,
      });
    });

    it('refuses with SESSION_BUSY while the lease is live, and NOTHING_TO_RESUME once another lease holds the session', () => {
      const live = lapsed({ lease: { id: lease.id, expiresAt: now + 10_000 }, updatedAt: now });
      expect(() => admitCall(rt, live, continuation())).toThrow(expect.objectContaining({ reason: 'SESSION_BUSY' }));
      expect(() => admitCall(rt, lapsed(), continuation('lease-0'))).toThrow(
        expect.objectContaining({ reason: 'NOTHING_TO_RESUME' }),
      );
    });

    it('refuses with DEADLINE a turn that began longer ago than the continuation’s maxDurationMs', () => {
      const late = continuation(lease.id, now + 15 * 60 * 1000 + 1);
      expect(() => admitCall(rt, lapsed(), late)).toThrow(
        expect.objectContaining({ code: 'deadline-exceeded', reason: 'DEADLINE' }),
      );
    });

    it('refuses another agent’s session with WRONG_AGENT', () => {
      expect(() => admitCall({ ...rt, name: 'bank' }, lapsed(), continuation())).toThrow(
        expect.objectContaining({ reason: 'WRONG_AGENT' }),
      );
    });
  });
});
