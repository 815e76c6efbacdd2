import { describe, expect, it } from 'vitest';
import { stampInterrupt } from '../call-state/index.js';
import type { Message } from '../model/index.js';
import { emptySession } from './empty-session.js';
import type { Session } from './session-schema.js';
import { standingOf, statusAfter } from './session-standing.js';

const NOW = 10_000;
const session = (over: Partial<Session>): Session => ({
  ...emptySession({ id: 's', ownerUid: 'u', agent: 'a', now: 0 }),
  ...over,
});
const asked = stampInterrupt({ toolRequest: { name: 'confirm', ref: 'c', input: {} } }, true);

describe('standingOf', () => {
  it('is held while another call’s lease is live, whatever the status', () => {
    expect(standingOf(session({ status: 'idle', lease: { id: 'l', expiresAt: NOW + 1 } }), NOW)).toBe('held');
  });

  it.each(['idle', 'interrupted', 'expired'] as const)(
    'is the status when the session is %s and unleased',
    (status) => {
      expect(standingOf(session({ status, lease: { id: 'l', expiresAt: NOW } }), NOW)).toBe(status);
    },
  );

  it('is incomplete when a running turn’s lease lapsed and nothing waits', () => {
    expect(standingOf(session({ status: 'running' }), NOW)).toBe('incomplete');
    expect(standingOf(session({ status: 'failed' }), NOW)).toBe('incomplete');
  });

  it('is interrupted when a resume crashed before getting past its interrupts', () => {
    const history = [{ role: 'model' as const, content: [asked] }];
    expect(standingOf(session({ status: 'running', history }), NOW)).toBe('interrupted');
  });
});

describe('statusAfter', () => {
  it('stores a turn interrupted, failed or not, when a call of its last round waits for a person', () => {
    const history: Message[] = [{ role: 'model', content: [asked] }];
    expect(statusAfter('finished', history)).toBe('interrupted');
    expect(statusAfter('failed', history)).toBe('interrupted');
  });

  it('stores a turn idle when it finished or was stopped and failed when it stopped on an error, when nothing waits', () => {
    const history: Message[] = [{ role: 'model', content: [{ text: 'done' }] }];
    expect(statusAfter('finished', history)).toBe('idle');
    expect(statusAfter('stopped', history)).toBe('idle');
    expect(statusAfter('failed', history)).toBe('failed');
  });

  it('stores running when a turn takes the lease and expired when the cleanup expires its calls, whatever the history', () => {
    const history: Message[] = [{ role: 'model', content: [asked] }];
    expect(statusAfter('leased', history)).toBe('running');
    expect(statusAfter('expired', history)).toBe('expired');
  });
});
