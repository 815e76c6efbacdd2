import { describe, expect, it } from 'vitest';
import { DEFAULT_DENIAL_REASON, denialOutput } from './denial-output.js';

const interrupt = (name: string) => ({
  ref: 'r1',
  name,
  input: { orderId: 'A-1001', reason: 'x' },
  metadata: true as const,
});

describe('denialOutput', () => {
  it("answers cancelOrder in its output schema's shape with the person's reason", () => {
    expect(denialOutput(interrupt('cancelOrder'), '  changed my mind ')).toEqual({
      orderId: 'A-1001',
      cancelled: false,
      reason: 'changed my mind',
    });
  });

  it('gives the default reason when the person gives none', () => {
    expect(denialOutput(interrupt('cancelOrder'), ' ').reason).toBe(DEFAULT_DENIAL_REASON);
  });

  it('answers a tool it does not know with approved: false', () => {
    expect(denialOutput(interrupt('transfer'), 'no')).toEqual({ approved: false, reason: 'no' });
  });
});
