import { approvalId } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { RestTimestamp } from '../../firestore/index.js';
import { readApprovalDoc } from './approval-inbox-doc.js';

const at = (ms: number) => RestTimestamp.fromDate(new Date(ms));

const DOC = {
  sessionId: 's1',
  ref: 'r1',
  tool: 'pay',
  metadata: { title: 'Send 500?' },
  inputDigest: 'd1',
  ownerUid: 'ann',
  approverUids: ['ann', 'bob'],
  approverClaim: 'finance',
  state: 'waiting',
  waitingSince: at(1_000),
  expiresAt: at(5_000),
  expireAt: at(9_000),
};

describe('readApprovalDoc', () => {
  it('reads an inbox document with its timestamps as epoch ms, answer and notice included', () => {
    const doc = {
      ...DOC,
      state: 'approved',
      answeredBy: { uid: 'bob', at: at(2_000), appId: 'app-1' },
      closedAt: at(2_000),
      notice: { claimedAt: at(1_100), until: at(1_200), sentAt: at(1_150) },
    };
    expect(readApprovalDoc('id1', doc)).toEqual({
      id: 'id1',
      sessionId: 's1',
      ref: 'r1',
      tool: 'pay',
      metadata: { title: 'Send 500?' },
      inputDigest: 'd1',
      ownerUid: 'ann',
      approverUids: ['ann', 'bob'],
      approverClaim: 'finance',
      state: 'approved',
      waitingSince: 1_000,
      expiresAt: 5_000,
      expireAt: 9_000,
      answeredBy: { uid: 'bob', at: 2_000, appId: 'app-1' },
      closedAt: 2_000,
      notice: { claimedAt: 1_100, until: 1_200, sentAt: 1_150 },
    });
  });

  it('reads no approval from a document missing its session, owner or state, or with an unknown state', () => {
    expect(readApprovalDoc('x', undefined)).toBeUndefined();
    expect(readApprovalDoc('x', { ...DOC, sessionId: undefined })).toBeUndefined();
    expect(readApprovalDoc('x', { ...DOC, ownerUid: 7 })).toBeUndefined();
    expect(readApprovalDoc('x', { ...DOC, state: 'maybe' })).toBeUndefined();
    expect(readApprovalDoc('x', { ...DOC, waitingSince: 'yesterday' })).toBeUndefined();
  });
});

describe('approvalDocId', () => {
  it('is the first 32 characters of the base64url sha256 of session and ref, so each call has one document', () => {
    // sha256("s1\0r1") in base64url, cut to 32: a value fixed by the inbox contract, shared with its writer.
    expect(approvalId('s1', 'r1')).toBe('FHjNKcBrFyt0NGIO6YoueedTw3YRYoXc');
    expect(approvalId('s1', 'r2')).not.toBe(approvalId('s1', 'r1'));
    // The separator keeps ('s1r', '1') and ('s1', 'r1') apart.
    expect(approvalId('s1r', '1')).not.toBe(approvalId('s1', 'r1'));
  });
});
