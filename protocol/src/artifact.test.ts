import { describe, expect, it } from 'vitest';
import { artifactsOf, artifactsOn } from './artifact.js';

describe('artifactsOf', () => {
  it('reads the artifacts of a map by name, skipping an entry that is not one', () => {
    const b = { name: 'b', version: 1, parts: [{ text: 'B' }], at: 1 };
    const a = { name: 'a', version: 3, parts: [{ data: [1] }], at: 2, ref: 'c1' };
    const map = { k1: JSON.stringify(b), k2: JSON.stringify(a), k3: '{not json', k4: JSON.stringify({ name: 'x' }) };
    expect(artifactsOf(map)).toEqual([a, b]);
  });

  it('reads no artifacts from a document written before they existed', () => {
    expect(artifactsOf(undefined)).toEqual([]);
  });
});

describe('artifactsOn', () => {
  // b0 holds messages 0..5; b1 forked b0 at 2 and holds its own from journal index 6.
  const branches = [
    { id: 'b0', start: 0 },
    { id: 'b1', start: 6, parent: { branch: 'b0', at: 2, snapshot: 's1-x' } },
  ];
  const v = (name: string, version: number, branch: string, length: number) => ({
    name,
    version,
    parts: [{ text: `${name}${version}@${branch}` }],
    at: version,
    branch,
    length,
  });
  const versions = [v('report', 1, 'b0', 2), v('report', 2, 'b0', 4), v('chart', 1, 'b0', 4), v('report', 2, 'b1', 4)];

  it('shows on a branch the last version of each name written on its history, not its sibling’s', () => {
    expect(artifactsOn(versions, branches, 'b0')).toEqual([v('chart', 1, 'b0', 4), v('report', 2, 'b0', 4)]);
    expect(artifactsOn(versions, branches, 'b1')).toEqual([v('report', 2, 'b1', 4)]);
  });

  it('shows the parent’s versions up to the fork point on the branch that forked there', () => {
    expect(artifactsOn([v('report', 1, 'b0', 2), v('chart', 1, 'b0', 4)], branches, 'b1')).toEqual([
      v('report', 1, 'b0', 2),
    ]);
  });

  it('shows a branch as of a length: what was written by then', () => {
    expect(artifactsOn(versions, branches, 'b0', 3)).toEqual([v('report', 1, 'b0', 2)]);
    expect(artifactsOn(versions, branches, 'b1', 2)).toEqual([v('report', 1, 'b0', 2)]);
  });

  it('reads a version without branch or length (written before branches kept them) as the first branch’s from the start', () => {
    const old = { name: 'old', version: 1, parts: [], at: 1 };
    expect(artifactsOn([old], undefined, 'b0')).toEqual([old]);
    expect(artifactsOn([old], branches, 'b1')).toEqual([old]);
  });

  it('shows nothing for a branch the session does not have', () => {
    expect(artifactsOn(versions, branches, 'b9')).toEqual([]);
  });
});
