import type { SessionDoc } from '@callable-flows/protocol/session-doc';
import { describe, expect, it } from 'vitest';
import { outputsOf } from './watched-outputs.js';

const doc = (over: Partial<SessionDoc>): SessionDoc => ({
  schemaVersion: 1,
  id: 's1',
  ownerUid: 'alice',
  agent: 'notes',
  status: 'idle',
  version: 3,
  createdAt: 1,
  updatedAt: 2,
  expireAt: 3,
  lease: null,
  turn: null,
  turns: 1,
  summary: null,
  results: {},
  error: null,
  history: { length: 0, sealed: 0, chunks: [], lines: {} },
  ...over,
});

describe('outputsOf', () => {
  it('reads the artifacts by name and the typed state the kit wrote', () => {
    const report = { name: 'report', version: 2, parts: [{ text: 'Q3' }], at: 5, ref: 't1' };
    const chart = { name: 'chart', version: 1, parts: [{ media: { url: 'https://x/c.png' } }], at: 4 };
    const outputs = outputsOf<{ state: { count: number } }>(
      doc({ state: '{"count":2}', artifacts: { a1: JSON.stringify(report), a2: JSON.stringify(chart) } }),
      undefined,
      'b0',
    );
    expect(outputs.artifacts).toEqual([chart, report]);
    expect(outputs.state?.count).toBe(2);
  });

  it('reads none from a document written before artifacts existed, or by an agent with no state', () => {
    const none = { artifacts: [], artifactVersions: [], state: undefined };
    expect(outputsOf(doc({}), undefined, 'b0')).toEqual(none);
    expect(outputsOf(doc({ state: null }), undefined, 'b0')).toEqual(none);
  });

  it('shows the artifacts of the branch asked for, each name’s last version on its history, and keeps every version', () => {
    const branches = [
      { id: 'b0', start: 0 },
      { id: 'b1', start: 4, parent: { branch: 'b0', at: 2, snapshot: 's1-x' } },
    ];
    const v = (version: number, branch: string, length: number) => ({
      name: 'report',
      version,
      parts: [{ text: `${branch}:${version}` }],
      at: version,
      branch,
      length,
    });
    const versions = [v(1, 'b0', 2), v(2, 'b0', 4), v(2, 'b1', 4)];
    const artifacts = Object.fromEntries(versions.map((a, i) => [`a${i}`, JSON.stringify(a)]));
    const on = (branch: string) => outputsOf(doc({ artifacts }), branches, branch);
    expect(on('b0').artifacts).toEqual([v(2, 'b0', 4)]);
    expect(on('b1').artifacts).toEqual([v(2, 'b1', 4)]);
    expect(on('b1').artifactVersions).toHaveLength(3);
  });
});
