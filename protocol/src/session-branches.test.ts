import { describe, expect, it } from 'vitest';
import { CallRequestSchema } from './call-request.js';
import { type Branch, branchesOf, branchIndices, headLines, snapshotsOf } from './session-branches.js';

// journal: b0 = [0,1,2,3]; b1 forked b0 at 2 and owns [4,5]; b2 forked b1 at 3 and owns [6]
const branches: Branch[] = [
  { id: 'b0', start: 0 },
  { id: 'b1', start: 4, parent: { branch: 'b0', at: 2, snapshot: 's1' } },
  { id: 'b2', start: 6, parent: { branch: 'b1', at: 3, snapshot: 's3' } },
];

describe('session branches', () => {
  it('reads a branch as its parent up to the fork point, then its own run of the journal', () => {
    expect(branchIndices(branches, 7, 'b0')).toEqual([0, 1, 2, 3]);
    expect(branchIndices(branches, 7, 'b1')).toEqual([0, 1, 4, 5]);
    expect(branchIndices(branches, 7, 'b2')).toEqual([0, 1, 4, 6]);
    expect(branchIndices(branches, 7, 'b1', 3)).toEqual([0, 1, 4]);
  });

  it('refuses a branch it does not have, or a length past its history', () => {
    expect(branchIndices(branches, 7, 'b9')).toBeUndefined();
    expect(branchIndices(branches, 7, 'b0', 5)).toBeUndefined();
  });

  it('reads a document without branches as one branch, the whole journal', () => {
    expect(headLines(undefined, ['a', 'b'])).toEqual(['a', 'b']);
    expect(headLines(branches, ['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toEqual(['a', 'b', 'e', 'g']);
    expect(branchesOf(undefined)).toBeUndefined();
    expect(branchesOf('not json')).toBeUndefined();
    expect(branchesOf(JSON.stringify(branches))).toEqual(branches);
  });

  it('reads snapshots oldest first and skips entries that are not one', () => {
    const s = (n: number) =>
      JSON.stringify({ id: `s${n}`, n, branch: 'b0', length: n, seq: n, outcome: { kind: 'done', at: n } });
    expect(snapshotsOf({ a: s(2), b: s(1), c: '{"x":1}' }).map((x) => x.id)).toEqual(['s1', 's2']);
  });

  it('takes a snapshot id only with a session id and a message', () => {
    expect(CallRequestSchema.safeParse({ sessionId: 's', message: 'hi', snapshotId: 's1' }).success).toBe(true);
    expect(CallRequestSchema.safeParse({ message: 'hi', snapshotId: 's1' }).success).toBe(false);
    expect(
      CallRequestSchema.safeParse({ sessionId: 's', resume: { decline: [{ ref: 'r', name: 'n' }] }, snapshotId: 's1' })
        .success,
    ).toBe(false);
  });
});
