import { describe, expect, it } from 'vitest';
import type { ApprovalNotices, NoticeClaim, WaitingApproval } from '../session/index.js';
import { notifyWaiting } from './notify-waiting.js';

const APPROVAL: WaitingApproval = {
  id: 'a1',
  sessionId: 's1',
  ref: 'r1',
  tool: 'pay',
  metadata: {},
  inputDigest: 'd',
  ownerUid: 'ann',
  approverUids: ['ann'],
  approverClaim: null,
  state: 'waiting',
  waitingSince: 1,
  expiresAt: null,
  expireAt: 2,
};

/** An inbox whose one claim goes to the first claimant; it records what was marked sent. */
function inbox(claimable: boolean) {
  const sent: number[] = [];
  const notices: ApprovalNotices = {
    claim: async (_call, now, claimMs) =>
      claimable
        ? { approval: { ...APPROVAL, notice: { claimedAt: now, until: now + claimMs } }, token: 't' }
        : undefined,
    sent: async (_claim: NoticeClaim, at: number) => {
      sent.push(at);
    },
    waiting: async () => ({ approvals: [], scanned: 0 }),
  };
  return { notices, sent };
}

describe('notifyWaiting', () => {
  it('calls the hook with the claimed approval, then marks the notice sent', async () => {
    const { notices, sent } = inbox(true);
    const told: WaitingApproval[] = [];
    await expect(
      notifyWaiting(
        notices,
        APPROVAL,
        (a) => void told.push(a),
        () => 10,
        100,
      ),
    ).resolves.toBe('sent');
    expect(told.map((a) => a.notice)).toEqual([{ claimedAt: 10, until: 110 }]);
    expect(sent).toEqual([10]);
  });

  it('calls no hook when another holds the claim or nothing waits', async () => {
    const { notices, sent } = inbox(false);
    let calls = 0;
    await expect(
      notifyWaiting(
        notices,
        APPROVAL,
        () => void calls++,
        () => 10,
      ),
    ).resolves.toBe('skipped');
    expect(calls).toBe(0);
    expect(sent).toEqual([]);
  });

  it('marks nothing sent when the hook throws, so the claim lapses and the notice is tried again', async () => {
    const { notices, sent } = inbox(true);
    const push = () => Promise.reject(new Error('FCM is down'));
    await expect(notifyWaiting(notices, APPROVAL, push, () => 10)).rejects.toThrow('FCM is down');
    expect(sent).toEqual([]);
  });

  it('marks nothing sent when the hook holds the notice, so the sweep tells it again', async () => {
    const { notices, sent } = inbox(true);
    await expect(
      notifyWaiting(
        notices,
        APPROVAL,
        () => 'held',
        () => 10,
      ),
    ).resolves.toBe('held');
    expect(sent).toEqual([]);
  });
});
