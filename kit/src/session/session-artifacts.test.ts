import type { Snapshot } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import type { Artifact } from '../model/index.js';
import { headArtifacts, keptVersions, shownVersions } from './session-artifacts.js';
import { SESSION_LIMITS } from './session-limits.js';
import type { Session } from './session-schema.js';

const v = (name: string, version: number, branch: string, length: number, text = 'x'): Artifact => ({
  name,
  version,
  parts: [{ text }],
  at: version,
  branch,
  length,
});
const snap = (n: number, branch: string, length: number): Snapshot => ({
  id: `s${n}-x`,
  n,
  branch,
  length,
  seq: n,
  outcome: { kind: 'done', at: n },
});
// b1 forked b0 after its first 2 messages.
const branches: Session['branches'] = {
  list: [
    { id: 'b0', start: 0 },
    { id: 'b1', start: 4, parent: { branch: 'b0', at: 2, snapshot: 's1-x' } },
  ],
  prior: [],
};

describe('session artifacts', () => {
  it('shows the head its lineage’s artifacts: the parent’s up to the fork, then its own', () => {
    const artifacts = [v('r', 1, 'b0', 2), v('r', 2, 'b0', 4), v('m', 1, 'b1', 4)];
    expect(headArtifacts({ artifacts, branches }).map((a) => `${a.name}${a.version}@${a.branch}`)).toEqual([
      'm1@b1',
      'r1@b0',
    ]);
    expect(headArtifacts({ artifacts })).toEqual([v('r', 2, 'b0', 4)]);
  });

  it('counts as shown every version some branch shows, once', () => {
    const artifacts = [v('r', 1, 'b0', 2), v('r', 2, 'b0', 4), v('m', 1, 'b1', 4)];
    expect([...shownVersions(artifacts, { branches })]).toHaveLength(3);
    expect([...shownVersions(artifacts, {})]).toEqual([v('r', 2, 'b0', 4)]);
  });

  it('keeps a replaced version while a kept snapshot shows it, and drops it once none does', () => {
    const versions = [v('r', 1, 'b0', 2), v('r', 2, 'b0', 4)];
    expect(keptVersions(versions, { snapshots: [snap(1, 'b0', 2)] })).toEqual(versions);
    expect(keptVersions(versions, { snapshots: [snap(2, 'b0', 4)] })).toEqual([v('r', 2, 'b0', 4)]);
  });

  it('lets the oldest versions only snapshots show leave when the room is needed, never one a branch shows', () => {
    const big = 'b'.repeat(SESSION_LIMITS.artifactsBytes / 2);
    const versions = [v('r', 1, 'b0', 2, big), v('r', 2, 'b0', 4, big), v('r', 3, 'b0', 6, big)];
    const snapshots = [snap(1, 'b0', 2), snap(2, 'b0', 4)];
    expect(keptVersions(versions, { snapshots }).map((a) => a.version)).toEqual([3]);
  });
});
