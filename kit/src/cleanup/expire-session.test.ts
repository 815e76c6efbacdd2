import { describe, expect, it } from 'vitest';
import { inputDigest } from '../call-state/index.js';
import { messageTime } from '../model/index.js';
import { standingOf } from '../session/index.js';
import { waitingSession } from '../test-utils/stale-sessions.js';
import { expireSession } from './expire-session.js';
import { assertWellFormed } from './test-utils/cleanup-fixtures.js';

describe('expireSession', () => {
  it('answers every waiting call in the history, keeps finished outputs, and marks the session and its last turn expired', () => {
    const waiting = { ...waitingSession('s1', 1000, 7), lease: { id: 'old', expiresAt: 1 } };
    const { session, expired } = expireSession(waiting, 5_000);
    expect(expired).toEqual([
      {
        ref: 't7',
        name: 'transfer',
        input: { cents: 107 },
        metadata: { need: 'confirm' },
        inputDigest: inputDigest({ cents: 107 }),
      },
    ]);
    expect(session).toMatchObject({
      status: 'expired',
      version: waiting.version + 1,
      interrupts: [],
      outcome: { kind: 'expired', at: 5_000 },
    });
    expect(session.lease).toBeUndefined();
    expect(session.updatedAt).toBe(waiting.updatedAt);
    const tool = session.history.at(-1)!;
    expect(tool.role).toBe('tool');
    // Made by the expiry: stored with its time.
    expect(messageTime(tool)).toBe(5_000);
    expect(tool.content).toEqual([
      expect.objectContaining({
        toolResponse: { name: 'transfer', ref: 't7', output: { error: expect.stringMatching(/approval expired/) } },
      }),
      expect.objectContaining({ toolResponse: { name: 'balance', ref: 'b7', output: { cents: 5000 } } }),
    ]);
    expect(standingOf(session, 2000)).toBe('expired');
  });

  it('leaves a history a model accepts with a new user message, where the waiting one is refused', () => {
    const waiting = waitingSession('s2', 1000, 1);
    const next = { role: 'user' as const, content: [{ text: 'never mind' }] };
    expect(() => assertWellFormed([...waiting.history, next])).toThrow(/answered by nothing/);
    expect(() => assertWellFormed([...expireSession(waiting, 1_000).session.history, next])).not.toThrow();
  });
});
