import { describe, expect, it } from 'vitest';
import { emptySession } from './empty-session.js';
import { SessionSchema, TurnStateSchema } from './session-schema.js';

describe('SessionSchema', () => {
  it('refuses a field no version of the kit writes', () => {
    const session = { ...emptySession({ id: 's', ownerUid: 'u', agent: 'a', now: 0 }), extra: 1 };
    expect(SessionSchema.safeParse(session).success).toBe(false);
  });
});

describe('TurnStateSchema', () => {
  it('refuses the never-shipped ledger field', () => {
    const turn = { seq: 0, kind: 'message', start: 0, startedAt: 0 };
    expect(TurnStateSchema.safeParse(turn).success).toBe(true);
    expect(TurnStateSchema.safeParse({ ...turn, ledger: [] }).success).toBe(false);
  });
});
