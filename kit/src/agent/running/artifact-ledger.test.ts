import type { Snapshot } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import type { Artifact } from '../../model/index.js';
import type { Session } from '../../session/index.js';
import { SESSION_LIMITS } from '../../session/session-limits.js';
import { withEnv } from '../../test-utils/with-env.js';
import { ArtifactLedger } from './artifact-ledger.js';

const none = { artifacts: undefined };
const snap = (n: number, branch: string, length: number): Snapshot => ({
  id: `s${n}-x`,
  n,
  branch,
  length,
  seq: n,
  outcome: { kind: 'done', at: n },
});
// b1 forked b0 after its first 2 messages; the journal held 6 then.
const forked: Session['branches'] = {
  list: [
    { id: 'b0', start: 0 },
    { id: 'b1', start: 6, parent: { branch: 'b0', at: 2, snapshot: 's1-x' } },
  ],
  prior: [],
};
const v = (name: string, version: number, branch: string, length: number, text = `${name}${version}`): Artifact => ({
  name,
  version,
  parts: [{ text }],
  at: version,
  branch,
  length,
});

describe('ArtifactLedger', () => {
  it('makes one version a name per call, the call’s last write winning, numbered after the stored one', () => {
    const ledger = new ArtifactLedger({ artifacts: [{ name: 'r', version: 3, parts: [{ text: 'old' }], at: 1 }] });
    ledger.tool.write('c1', 'r', [{ text: 'draft' }]);
    ledger.tool.write('c1', 'r', [{ text: 'final' }]);
    const made = { name: 'r', version: 4, parts: [{ text: 'final' }], at: 9, ref: 'c1', branch: 'b0', length: 5 };
    expect(ledger.apply('c1', 9, 5)).toEqual([made]);
    // The old version no branch and no snapshot shows any more leaves.
    expect(ledger.artifacts).toEqual([made]);
  });

  it('keeps nothing of a call it drops, and nothing before any write', () => {
    const ledger = new ArtifactLedger(none);
    ledger.tool.write('c1', 'r', [{ text: 'x' }]);
    ledger.drop('c1');
    expect(ledger.apply('c1', 9, 1)).toEqual([]);
    expect(ledger.artifacts).toBeUndefined();
  });

  it('refuses a part that is not text, media or data, and an empty name', () => {
    const ledger = new ArtifactLedger(none);
    const call = { toolRequest: { name: 'x' } } as never;
    expect(() => ledger.tool.write('c1', 'r', [call])).toThrow(/parts of artifact 'r'/);
    expect(() => ledger.tool.write('c1', '', [{ text: 'x' }])).toThrow(/artifact name/);
    expect(() => ledger.agentWrite('', [{ text: 'x' }])).toThrow(/artifact name/);
  });

  it('counts the writes of calls running beside it against the limit of all artifacts', () => {
    const ledger = new ArtifactLedger(none);
    const part = [{ text: 'z'.repeat(SESSION_LIMITS.artifactsBytes / 3 - 200) }];
    ledger.tool.write('c1', 'a', part);
    ledger.tool.write('c2', 'b', part);
    expect(() => ledger.tool.write('c3', 'c', part)).not.toThrow();
    expect(() => ledger.tool.write('c4', 'd', part)).toThrow(/the session artifacts is .* over the limit/);
    // A rewrite of a name replaces its room rather than adding to it.
    expect(() => ledger.tool.write('c4', 'a', part)).not.toThrow();
  });

  it('keeps and streams an artifact with the secrets of the environment taken out', async () => {
    await withEnv({ PAYMENTS_API_KEY: 'sk-live-0123456789abcdef' }, async () => {
      const ledger = new ArtifactLedger(none);
      ledger.tool.write('c1', 'r', [{ text: 'key sk-live-0123456789abcdef used' }]);
      expect(JSON.stringify(ledger.apply('c1', 1, 2))).not.toContain('sk-live-0123456789abcdef');
    });
  });

  it('writes the agent’s versions with no ref, through the same versions as the tools’', () => {
    const ledger = new ArtifactLedger({ artifacts: [v('summary', 1, 'b0', 2)] });
    ledger.agentWrite('summary', [{ text: 'new' }]);
    expect(ledger.apply(undefined, 7, 4)).toEqual([
      { name: 'summary', version: 2, parts: [{ text: 'new' }], at: 7, branch: 'b0', length: 4 },
    ]);
  });
});

describe('ArtifactLedger on a forked session', () => {
  it('numbers a fork’s version after the one its history shows, and leaves the other branch’s versions as they are', () => {
    const stored = [v('report', 1, 'b0', 2), v('report', 2, 'b0', 4)];
    const ledger = new ArtifactLedger({ artifacts: stored, branches: forked, snapshots: [snap(1, 'b0', 2)] });
    ledger.tool.write('c1', 'report', [{ text: 'fork' }]);
    const [made] = ledger.apply('c1', 9, 4);
    expect(made).toMatchObject({ name: 'report', version: 2, branch: 'b1', length: 4 });
    expect(ledger.artifacts).toEqual([...stored, made]);
  });

  it('counts a version two branches show once, and a sibling’s versions against the limit', () => {
    const half = 'h'.repeat(SESSION_LIMITS.artifactsBytes / 2 - 100);
    const stored = [
      v('shared', 1, 'b0', 2, half),
      v('mine', 1, 'b0', 4, 'x'.repeat(SESSION_LIMITS.artifactsBytes / 2 - 100)),
    ];
    const ledger = new ArtifactLedger({ artifacts: stored, branches: forked });
    // b1 shows `shared` (inherited) and b0 shows both: the room left is a few hundred bytes.
    expect(() => ledger.tool.write('c1', 'small', [{ text: 'ok' }])).not.toThrow();
    expect(() => ledger.tool.write('c2', 'big', [{ text: 'y'.repeat(1000) }])).toThrow(/the session artifacts/);
  });

  it('keeps a version only a snapshot shows while it fits, the oldest leaving first', () => {
    const big = (n: number) => 'b'.repeat(SESSION_LIMITS.artifactsBytes / 3 - 100) + n;
    const stored = [v('r', 1, 'b0', 2, big(1)), v('r', 2, 'b0', 4, big(2))];
    const snapshots = [snap(1, 'b0', 2), snap(2, 'b0', 4)];
    const ledger = new ArtifactLedger({ artifacts: stored, snapshots });
    ledger.tool.write('c1', 'r', [{ text: big(3) }]);
    ledger.apply('c1', 9, 6);
    // Version 3 fits beside both older ones, which their snapshots show.
    expect(ledger.artifacts?.map((a) => a.version)).toEqual([1, 2, 3]);
    ledger.tool.write('c2', 'q', [{ text: big(4) }]);
    ledger.apply('c2', 10, 6);
    expect(ledger.artifacts?.map((a) => `${a.name}${a.version}`)).toEqual(['r2', 'r3', 'q1']);
  });
});
