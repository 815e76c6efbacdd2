import { describe, expect, it } from 'vitest';
import { isKitError } from '../../errors/index.js';
import { InMemoryUsageCounters, tellUsageCharged } from '../../usage/index.js';
import { UsageLimiter } from './usage-limiter.js';

const NOON = Date.parse('2026-11-30T12:00:00Z');

async function refusal(promise: Promise<unknown>): Promise<Record<string, unknown> | undefined> {
  try {
    await promise;
  } catch (error) {
    if (isKitError(error)) return { code: error.code, ...error.details };
    throw error;
  }
  return undefined;
}

describe('UsageLimiter', () => {
  it('reads a user once and then decides from its own copy when calls are far from the limits', async () => {
    const counters = new InMemoryUsageCounters();
    const limiter = new UsageLimiter({ counters, callsPerMinute: 100, tokensPerUserPerDay: 1e6, clock: () => NOON });
    for (let i = 0; i < 10; i++) await (await limiter.admit('alice', 's1')).settle({ sessionId: 's1', tokens: 50 });
    expect(counters.ops).toEqual({ reads: 1, writes: 10 });
  });

  it('counts calls in flight against callsPerMinute when they run at once', async () => {
    const limiter = new UsageLimiter({ counters: new InMemoryUsageCounters(), callsPerMinute: 2, clock: () => NOON });
    await limiter.admit('alice');
    await limiter.admit('alice');
    expect(await refusal(limiter.admit('alice'))).toMatchObject({ code: 'resource-exhausted', reason: 'RATE_LIMITED' });
  });

  it('reads again, at most once a second, when its copy says a limit is nearly reached', async () => {
    const counters = new InMemoryUsageCounters();
    let now = NOON;
    const limiter = new UsageLimiter({ counters, tokensPerUserPerDay: 1000, rereadAt: 0.5, clock: () => now });
    await (await limiter.admit('alice')).settle({ tokens: 600 });
    await (await limiter.admit('alice')).settle({ tokens: 100 });
    expect(counters.ops.reads).toBe(1);
    now += 1_000;
    await (await limiter.admit('alice')).settle({ tokens: 100 });
    expect(counters.ops.reads).toBe(2);
  });

  it('starts a new window when the minute turns', async () => {
    let now = NOON;
    const limiter = new UsageLimiter({ counters: new InMemoryUsageCounters(), callsPerMinute: 1, clock: () => now });
    await (await limiter.admit('alice')).settle({ tokens: 0 });
    expect(await refusal(limiter.admit('alice'))).toMatchObject({ reason: 'RATE_LIMITED', retryAfterMs: 60_000 });
    now += 60_000;
    await expect(limiter.admit('alice')).resolves.toBeDefined();
  });

  it('refuses with unavailable and STORE_UNAVAILABLE when the counters cannot be read', async () => {
    const counters = new InMemoryUsageCounters();
    counters.read = () => Promise.reject(new Error('down'));
    const limiter = new UsageLimiter({ counters, callsPerMinute: 1 });
    expect(await refusal(limiter.admit('alice'))).toMatchObject({ code: 'unavailable', reason: 'STORE_UNAVAILABLE' });
  });

  it('keeps the call counted locally and says so when the counter write fails', async () => {
    const counters = new InMemoryUsageCounters();
    counters.add = () => Promise.reject(new Error('down'));
    const limiter = new UsageLimiter({ counters, callsPerMinute: 1, clock: () => NOON });
    await expect((await limiter.admit('alice')).settle({ tokens: 5 })).resolves.toBe(false);
    expect(await refusal(limiter.admit('alice'))).toMatchObject({ reason: 'RATE_LIMITED' });
  });

  it("refuses BUDGET_EXHAUSTED without a read when a session store of this process charged the user's day past the budget", async () => {
    const counters = new InMemoryUsageCounters();
    const limiter = new UsageLimiter({ counters, tokensPerUserPerDay: 1000, clock: () => NOON });
    await (await limiter.admit('alice', 's1')).settle({ sessionId: 's1', tokens: 0 });
    // A queued turn's writes charged alice: the limiter hears it (the counters have it as well).
    const charge = { uid: 'alice', day: '2026-11-30', sessionId: 's1', tokens: 1200 };
    counters.charge(charge);
    tellUsageCharged(charge, counters.ledger);
    expect(await refusal(limiter.admit('alice', 's1'))).toMatchObject({
      reason: 'BUDGET_EXHAUSTED',
      budget: 'user-day',
    });
    expect(counters.ops.reads).toBe(1);
  });

  it('counts no charge written to other counters (another instance’s, in the same process)', async () => {
    const counters = new InMemoryUsageCounters();
    const others = new InMemoryUsageCounters();
    const limiter = new UsageLimiter({ counters, tokensPerUserPerDay: 1000, clock: () => NOON });
    await (await limiter.admit('alice', 's1')).settle({ sessionId: 's1', tokens: 0 });
    const charge = { uid: 'alice', day: '2026-11-30', sessionId: 's1', tokens: 1200 };
    others.charge(charge);
    tellUsageCharged(charge, others.ledger);
    await expect((await limiter.admit('alice', 's1')).settle({ sessionId: 's1', tokens: 0 })).resolves.toBe(true);
  });
});
