import { describe, expect, it } from 'vitest';
import { emptySession } from './empty-session.js';
import { parseSession } from './parse-session.js';
import type { Session } from './session-schema.js';

const valid = () => emptySession({ id: 's1', ownerUid: 'u', agent: 'chat', now: 1 });

describe('parseSession', () => {
  it('gives the session back when the data is a valid session', () => {
    expect(parseSession(JSON.parse(JSON.stringify(valid())), 's1')).toEqual(valid());
  });

  it('refuses with data-loss naming the version when the schema version is not this code’s', () => {
    expect(() => parseSession({ ...valid(), schemaVersion: 99 }, 's1')).toThrow(/schema version 99/);
  });

  it('refuses with data-loss when a field does not parse', () => {
    let thrown: unknown;
    try {
      parseSession({ ...valid(), status: 'paused' }, 's1');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: 'data-loss' });
  });
});

describe('parseSession with the parts its reader parsed', () => {
  const forked = (): Session => ({
    ...valid(),
    history: [
      { role: 'user', content: [{ text: 'b' }] },
      {
        role: 'model',
        content: [{ toolRequest: { name: 'ask', ref: 'r1', input: {} }, metadata: { interrupt: true } }],
      },
    ],
    interrupts: [{ toolRequest: { name: 'ask', ref: 'r1', input: {} }, metadata: { interrupt: true } }],
    branches: {
      list: [
        { id: 'b0', start: 0 },
        { id: 'b1', start: 1, parent: { branch: 'b0', at: 0, snapshot: 'root' } },
      ],
      prior: [{ role: 'user', content: [{ text: 'a' }] }],
    },
    snapshots: [{ id: 's1-x', n: 1, branch: 'b0', length: 1, seq: 0, outcome: { kind: 'done', at: 1 } }],
    turns: 2,
  });
  const split = (session: Session) => {
    const { history, interrupts, branches, snapshots, ...others } = session;
    return { others, parts: { history, interrupts, branches, snapshots } };
  };

  it('gives the session the whole parse gives, for a forked session with snapshots and a waiting call', () => {
    const { others, parts } = split(forked());
    expect(parseSession(others, 's1', parts)).toEqual(parseSession(JSON.parse(JSON.stringify(forked())), 's1'));
  });

  it('refuses what the whole parse refuses among the other fields: a bad field, an unknown one, a part left in', () => {
    const { others, parts } = split(forked());
    for (const data of [
      { ...others, status: 'paused' },
      { ...others, extra: 1 },
      { ...others, history: [] },
    ]) {
      expect(() => parseSession(data, 's1', parts)).toThrow(expect.objectContaining({ code: 'data-loss' }));
    }
  });
});
