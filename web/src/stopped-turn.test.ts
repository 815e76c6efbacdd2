import type { TurnOutcome } from '@callable-flows/client';
import { describe, expect, it } from 'vitest';
import { stoppedTurn } from './stopped-turn.js';

const stoppedBy = { uid: 'alice', requestId: 'stop-1', clientId: 'tab-2', at: 40 };

describe('stoppedTurn', () => {
  it('reads a stop when the session’s last turn ended stopped, whichever client stopped it', () => {
    expect(stoppedTurn({ kind: 'stopped', at: 41, stoppedBy })).toBe(true);
    expect(stoppedTurn({ kind: 'stopped', at: 41, stoppedBy: { uid: 'alice', at: 40 } })).toBe(true);
  });

  it('reads no stop when the last turn was answered, waits for a person, failed or expired', () => {
    const others: TurnOutcome[] = [
      { kind: 'done', at: 1 },
      { kind: 'interrupted', at: 1 },
      { kind: 'failed', at: 1, failure: { code: 'unavailable', reason: 'MODEL_UNAVAILABLE' } },
      { kind: 'expired', at: 1 },
    ];
    for (const outcome of others) expect(stoppedTurn(outcome)).toBe(false);
  });

  it('reads no stop while a turn runs or for a session stored before outcomes were (no outcome)', () => {
    expect(stoppedTurn(undefined)).toBe(false);
  });
});
