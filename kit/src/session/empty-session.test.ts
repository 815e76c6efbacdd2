import { describe, expect, it } from 'vitest';
import { emptySession } from './empty-session.js';
import { SessionSchema } from './session-schema.js';

describe('emptySession', () => {
  it('is a valid idle session at version 0 with nothing in it', () => {
    const session = emptySession({ id: 's1', ownerUid: 'u', agent: 'chat', now: 42 });
    expect(SessionSchema.parse(session)).toEqual(session);
    expect(session).toMatchObject({ status: 'idle', version: 0, turns: 0, createdAt: 42, updatedAt: 42, expireAt: 42 });
    expect(session.history).toEqual([]);
  });
});
