import { describe, expect, it } from 'vitest';
import { InMemoryUsageCounters } from './memory-usage-counters.js';

describe('InMemoryUsageCounters', () => {
  it('adds tokens, calls by minute and tokens by session, per user and day', async () => {
    const counters = new InMemoryUsageCounters();
    await counters.add('u', '2026-12-01', { tokens: 10, minute: 5, sessionId: 's1' });
    await counters.add('u', '2026-12-01', { tokens: 5, minute: 5 });
    await counters.add('u', '2026-12-02', { tokens: 1, minute: 0 });
    expect(await counters.read('u', '2026-12-01')).toEqual({ tokens: 15, calls: { 5: 2 }, sessions: { s1: 10 } });
    expect(await counters.read('v', '2026-12-01')).toEqual({ tokens: 0, calls: {}, sessions: {} });
    expect(counters.ops).toEqual({ reads: 2, writes: 3 });
  });

  it('gives a copy a caller can change without changing the counts', async () => {
    const counters = new InMemoryUsageCounters();
    await counters.add('u', 'd', { tokens: 1, minute: 1 });
    const read = await counters.read('u', 'd');
    read.calls[1] = 99;
    expect((await counters.read('u', 'd')).calls[1]).toBe(1);
  });

  it("adds a session store's charge to the owner's tokens and the session's line, no call and no write counted", async () => {
    const counters = new InMemoryUsageCounters();
    counters.charge({ uid: 'u', day: 'd', sessionId: 's1', tokens: 12 });
    counters.charge({ uid: 'u', day: 'd', sessionId: 's1', tokens: 3 });
    expect(await counters.read('u', 'd')).toEqual({ tokens: 15, calls: {}, sessions: { s1: 15 } });
    expect(counters.ops.writes).toBe(0);
  });
});
