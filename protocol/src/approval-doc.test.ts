import { describe, expect, it } from 'vitest';
import { readApproval } from './approval-doc.js';

const at = (ms: number) => ({ toMillis: () => ms });
const stored = {
  sessionId: 's1',
  ref: 'r1',
  tool: 'refund',
  metadata: { amount: 5 },
  inputDigest: 'd',
  ownerUid: 'alice',
  approverUids: [],
  approverClaim: 'manager',
  state: 'approved',
  waitingSince: at(1_000),
  expiresAt: null,
  answeredBy: { uid: 'bob', at: at(2_000), appId: 'web' },
  closedAt: at(2_000),
  expireAt: at(9_000),
};

describe('readApproval', () => {
  it('reads an inbox document with its times as epoch ms and who answered it', () => {
    expect(readApproval('id1', stored)).toEqual({
      id: 'id1',
      sessionId: 's1',
      ref: 'r1',
      tool: 'refund',
      metadata: { amount: 5 },
      inputDigest: 'd',
      ownerUid: 'alice',
      approverUids: [],
      approverClaim: 'manager',
      state: 'approved',
      waitingSince: 1_000,
      expiresAt: null,
      answeredBy: { uid: 'bob', at: 2_000, appId: 'web' },
      closedAt: 2_000,
      expireAt: 9_000,
    });
  });
  it('reads the notice of a call told it waits, its claim and when it went out, as epoch ms', () => {
    const notice = { claimedAt: at(1_100), until: at(1_200), sentAt: at(1_150) };
    expect(readApproval('id1', { ...stored, notice })?.notice).toEqual({
      claimedAt: 1_100,
      until: 1_200,
      sentAt: 1_150,
    });
    const claimed = readApproval('id1', { ...stored, notice: { claimedAt: at(1_100), until: at(1_200) } });
    expect(claimed?.notice).toEqual({ claimedAt: 1_100, until: 1_200 });
  });
  it('reads the presented input of a document that has one, and an older document without one', () => {
    const presented = {
      fields: [
        { label: 'Order', value: 'A-1002', source: 'tool' },
        { label: 'Reason', value: 'broken', source: 'model' },
      ],
    };
    expect(readApproval('id1', { ...stored, presented })?.presented).toEqual(presented);
    expect(readApproval('id1', stored)).not.toHaveProperty('presented');
  });
  it('gives undefined for a document whose presented input is of no known shape', () => {
    const bad = { fields: [{ label: 'Order', value: 'A-1002', source: 'rumour' }] };
    expect(readApproval('id1', { ...stored, presented: bad })).toBeUndefined();
  });
  it('gives undefined for a document that is not an inbox document', () => {
    expect(readApproval('id1', { ...stored, state: 'pondering' })).toBeUndefined();
    expect(readApproval('id1', undefined)).toBeUndefined();
    expect(readApproval('id1', { ...stored, sessionId: undefined })).toBeUndefined();
    expect(readApproval('id1', { ...stored, ownerUid: 7 })).toBeUndefined();
    expect(readApproval('id1', { ...stored, waitingSince: 'yesterday' })).toBeUndefined();
  });
});
