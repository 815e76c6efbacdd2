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
    );
    expect(outputs.artifacts).toEqual([chart, report]);
    expect(outputs.state?.count).toBe(2);
  });

  it('reads none from a document written before artifacts existed, or by an agent with no state', () => {
    expect(outputsOf(doc({}))).toEqual({ artifacts: [], state: undefined });
    expect(outputsOf(doc({ state: null }))).toEqual({ artifacts: [], state: undefined });
  });
});
