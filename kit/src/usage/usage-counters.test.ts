import { describe, expect, it } from 'vitest';
import { DAY_MS, dayOf, minuteOf, msToNextDay, msToNextMinute } from './usage-counters.js';

const at = Date.UTC(2026, 11, 1, 23, 59, 30);

describe('dayOf', () => {
  it('is the UTC day of the time', () => {
    expect(dayOf(at)).toBe('2026-12-01');
    expect(dayOf(at + 30_000)).toBe('2026-12-02');
  });
});

describe('minuteOf', () => {
  it('is the minute of the UTC day, 0 at midnight and 1439 just before', () => {
    expect(minuteOf(at)).toBe(1439);
    expect(minuteOf(at + 30_000)).toBe(0);
  });
});

describe('msToNextMinute and msToNextDay', () => {
  it('count the time left to the next minute and to UTC midnight', () => {
    expect(msToNextMinute(at)).toBe(30_000);
    expect(msToNextDay(at)).toBe(30_000);
    expect(msToNextDay(at + 30_000)).toBe(DAY_MS);
  });
});
