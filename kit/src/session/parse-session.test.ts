import { describe, expect, it } from 'vitest';
import { emptySession } from './empty-session.js';
import { parseSession } from './parse-session.js';

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
