import { afterEach, describe, expect, it, vi } from 'vitest';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import type { Session } from '../session/session-schema.js';
import { defineAgent } from './define-agent.js';
import { echoModel, gate, manualClock } from './test-utils/agent-fixtures.js';

// docs/concepts.md's "a turn holds a lease on its session (12 s, renewed every 4 s by a heartbeat)".
// The lease is stamped with the agent's clock (moved by hand here); the heartbeat runs on the
// timers, faked here (setInterval only), so nothing waits for real seconds.

const LEASE_MS = 12_000;
const HEARTBEAT_MS = 4_000;

afterEach(() => {
  vi.useRealTimers();
});

async function leaseOf(store: InMemorySessionStore, sessionId: string): Promise<Session['lease']> {
  return (await store.load(sessionId))?.session.lease;
}

/** Lets the store's pending writes land (real timers: only setInterval is faked). */
async function settled(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 1));
}

/** Waits (on real timers) until the stored lease is no longer `before`. */
async function leaseMovedFrom(store: InMemorySessionStore, sessionId: string, before: number): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const now = (await leaseOf(store, sessionId))?.expiresAt ?? before;
    if (now !== before) return now;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return before;
}

describe('defineAgent', () => {
  it('holds a 12 s lease renewed every 4 s by its heartbeat, and refuses a second caller past the first lease, when no lease is configured', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const store = new InMemorySessionStore();
    const clock = manualClock();
    const entered = gate();
    const held = gate();
    const slow = echoModel({
      before: async (call) => {
        if (call < 2) return;
        entered.open();
        await held.promise;
      },
    });
    const a = defineAgent({ name: 'chat', model: slow, store, clock: clock.now });
    const { sessionId } = await a.send(undefined, { message: 'hi' }, { uid: 'u' });
    const running = a.send(sessionId, { message: 'slow one' }, { uid: 'u' });
    await entered.promise;

    const first = (await leaseOf(store, sessionId))?.expiresAt as number;
    expect(first).toBe(clock.now() + LEASE_MS);
    clock.advance(HEARTBEAT_MS);
    vi.advanceTimersByTime(HEARTBEAT_MS - 1);
    await settled();
    expect((await leaseOf(store, sessionId))?.expiresAt).toBe(first); // no beat yet
    vi.advanceTimersByTime(1);
    const renewed = await leaseMovedFrom(store, sessionId, first);
    expect(renewed).toBe(clock.now() + LEASE_MS);

    // Past the first lease, within the renewed one: the session is still held.
    clock.advance(LEASE_MS - HEARTBEAT_MS + 1);
    expect(clock.now()).toBeGreaterThan(first);
    const b = defineAgent({ name: 'chat', model: echoModel(), store, clock: clock.now });
    await expect(b.send(sessionId, { message: 'too soon' }, { uid: 'u' })).rejects.toMatchObject({
      code: 'aborted',
      details: { reason: 'SESSION_BUSY' },
    });
    held.open();
    expect(await running).toMatchObject({ status: 'done', text: 'echo: slow one' });
    expect(await leaseOf(store, sessionId)).toBeUndefined();
  });
});
