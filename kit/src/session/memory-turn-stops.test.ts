import { describe, expect, it } from 'vitest';
import { MemoryTurnStops } from './memory-turn-stops.js';

describe('MemoryTurnStops', () => {
  it('tells the listener of the stopped lease and no other when a stop is asked', async () => {
    const stops = new MemoryTurnStops();
    const heard: string[] = [];
    const offA = stops.listen('s1', 'lease-a', (s) => heard.push(`a:${s.requestId}`));
    stops.listen('s1', 'lease-b', (s) => heard.push(`b:${s.requestId}`));
    await stops.ask('s1', { leaseId: 'lease-a', at: 1, requestId: 'r1' });
    expect(heard).toEqual(['a:r1']);
    offA();
    await stops.ask('s1', { leaseId: 'lease-a', at: 2 });
    expect(heard).toEqual(['a:r1']);
    expect(await stops.last('s1')).toEqual({ leaseId: 'lease-a', at: 2 });
  });

  it('tells a listener that starts late of the stop asked before when its lease matches', async () => {
    const stops = new MemoryTurnStops();
    await stops.ask('s1', { leaseId: 'lease-a', at: 1 });
    const heard = await new Promise((resolve) => stops.listen('s1', 'lease-a', resolve));
    expect(heard).toEqual({ leaseId: 'lease-a', at: 1 });
  });
});
