import { WireIdSchema } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { subRequestId, subSessionId } from './sub-ids.js';

describe('subSessionId', () => {
  it('gives the same wire id for the same call, another for another call or session', () => {
    const id = subSessionId('s1', 't1');
    expect(subSessionId('s1', 't1')).toBe(id);
    expect(subSessionId('s1', 't2')).not.toBe(id);
    expect(subSessionId('s2', 't1')).not.toBe(id);
    expect(WireIdSchema.safeParse(id).success).toBe(true);
  });
});

describe('subRequestId', () => {
  it('gives the same wire id for the same ask of the same call, another for another ask', () => {
    const id = subRequestId('s1', 't1', 'digest-a');
    expect(subRequestId('s1', 't1', 'digest-a')).toBe(id);
    expect(subRequestId('s1', 't1', 'digest-b')).not.toBe(id);
    expect(subRequestId('s1', 't2', 'digest-a')).not.toBe(id);
    expect(WireIdSchema.safeParse(id).success).toBe(true);
  });
});
