import { describe, expect, it } from 'vitest';
import { stampInterrupt } from '../call-state/index.js';
import { emptySession } from './empty-session.js';
import { waitingSince } from './waiting-since.js';

const base = { ...emptySession({ id: 's', ownerUid: 'u', agent: 'a', now: 1_000 }), updatedAt: 5_000 };

describe('waitingSince', () => {
  it('is the last update when the history ends with a call waiting for a person', () => {
    const asked = stampInterrupt({ toolRequest: { name: 'confirm', ref: 'c', input: {} } }, true);
    const session = { ...base, history: [{ role: 'model' as const, content: [asked] }] };
    expect(waitingSince(session)).toEqual(new Date(5_000));
  });

  it('is null when nothing waits, even for a turn cut short', () => {
    const session = {
      ...base,
      status: 'running' as const,
      history: [{ role: 'model' as const, content: [{ toolRequest: { name: 'lookup', ref: 'l', input: {} } }] }],
    };
    expect(waitingSince(session)).toBeNull();
  });
});
