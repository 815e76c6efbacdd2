import { describe, expect, it } from 'vitest';
import { orderIdRanges } from './order-ids.js';

describe('orderIdRanges', () => {
  it('finds each order id, hyphen and digits together', () => {
    const text = 'Order A-1001 and XY-20 are on their way.';
    expect(orderIdRanges(text).map(([start, end]) => text.slice(start, end))).toEqual(['A-1001', 'XY-20']);
  });

  it('leaves words with hyphens and dates alone', () => {
    expect(orderIdRanges('a well-known date 2026-12-04')).toEqual([]);
  });
});
