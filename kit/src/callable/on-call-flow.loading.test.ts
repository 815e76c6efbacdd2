import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineFlow } from '../flow/index.js';
import type { UsageCounterStore, UsageCounts } from '../usage/usage-counters.js';
import { zeroUsage } from '../usage/usage-counters.js';
import { onCallFlow } from './on-call-flow.js';
import { callableRequest, rejectionCode } from './test-utils/callable-request.js';

/** Counters whose first read waits until the test lets it go (a cold instance's first Firestore read). */
function heldCounters(): UsageCounterStore & { release(): void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    release: () => release(),
    read: async (): Promise<UsageCounts> => {
      await held;
      return zeroUsage();
    },
    add: async () => {},
  };
}

const echo = defineFlow({ name: 'echo', inputSchema: z.string(), outputSchema: z.string() }, (text) => text);

describe('onCallFlow', () => {
  it('starts loading the flow while admission still waits for the counters when the instance is cold', async () => {
    const counters = heldCounters();
    let loads = 0;
    const fn = onCallFlow({ limits: { counters, callsPerMinute: 10 } }, async () => {
      loads++;
      return echo;
    });
    const answer = fn.run(callableRequest('hi', { uid: 'u1' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(loads).toBe(1);
    counters.release();
    await expect(answer).resolves.toBe('hi');
  });

  it('answers a refused caller with the refusal, not the loader’s failure, when both fail', async () => {
    const fn = onCallFlow({}, async () => {
      throw new Error('module not found');
    });
    expect(await rejectionCode(fn.run(callableRequest('hi')))).toMatchObject({ code: 'unauthenticated' });
  });
});
