import { describe, expect, it } from 'vitest';
import { admitToWindow, MAX_WINDOW_IDS, memoryPushWindow, PUSH_WINDOW_MS, retractFromWindow } from './push-window.js';

const T0 = 1_000_000;

describe('memoryPushWindow', () => {
  it('pushes the first approval, holds the ones within the minute, then pushes once with their count', async () => {
    const window = memoryPushWindow();
    expect(await window.admit('ann', 'a1', T0)).toEqual({ kind: 'push', count: 1 });
    expect(await window.admit('ann', 'a2', T0 + 1_000)).toEqual({ kind: 'held' });
    expect(await window.admit('ann', 'a3', T0 + 59_999)).toEqual({ kind: 'held' });
    expect(await window.admit('ann', 'a4', T0 + PUSH_WINDOW_MS)).toEqual({ kind: 'push', count: 3 });
  });

  it('answers told for a held approval a later push counted, so its retry pushes nothing', async () => {
    const window = memoryPushWindow();
    await window.admit('ann', 'a1', T0);
    await window.admit('ann', 'a2', T0 + 1);
    await window.admit('ann', 'a3', T0 + PUSH_WINDOW_MS);
    expect(await window.admit('ann', 'a2', T0 + PUSH_WINDOW_MS + 1)).toEqual({ kind: 'told' });
  });

  it('pushes a held approval itself when it is retried after the minute and nothing else came', async () => {
    const window = memoryPushWindow();
    await window.admit('ann', 'a1', T0);
    expect(await window.admit('ann', 'a2', T0 + 1)).toEqual({ kind: 'held' });
    expect(await window.admit('ann', 'a2', T0 + 2)).toEqual({ kind: 'held' });
    expect(await window.admit('ann', 'a2', T0 + PUSH_WINDOW_MS + 5)).toEqual({ kind: 'push', count: 1 });
  });

  it('pushes again, counting what it counted, when the push that took the minute is retracted', async () => {
    const window = memoryPushWindow();
    await window.admit('ann', 'a1', T0);
    await window.admit('ann', 'a2', T0 + 1);
    await window.retract('ann', 'a1');
    expect(await window.admit('ann', 'a1', T0 + 2)).toEqual({ kind: 'push', count: 2 });
    expect(await window.admit('ann', 'a2', T0 + 3)).toEqual({ kind: 'told' });
  });

  it('keeps each approver’s minute apart', async () => {
    const window = memoryPushWindow();
    await window.admit('ann', 'a1', T0);
    expect(await window.admit('bob', 'a2', T0 + 1)).toEqual({ kind: 'push', count: 1 });
  });
});

describe('admitToWindow', () => {
  it('stores nothing when an approval is retried while it is held or after it was told', () => {
    const record = { sentAt: T0, told: ['a1'], held: ['a2'], pushedFor: 'a1' };
    expect(admitToWindow(record, 'a2', T0 + 1, PUSH_WINDOW_MS).next).toBeUndefined();
    expect(admitToWindow(record, 'a1', T0 + 1, PUSH_WINDOW_MS).next).toBeUndefined();
  });

  it('keeps at most MAX_WINDOW_IDS held ids, the newest', () => {
    const held = Array.from({ length: MAX_WINDOW_IDS }, (_, i) => `h${i}`);
    const { next } = admitToWindow({ sentAt: T0, told: [], held, pushedFor: 'x' }, 'new', T0 + 1, PUSH_WINDOW_MS);
    expect(next?.held).toHaveLength(MAX_WINDOW_IDS);
    expect(next?.held.at(-1)).toBe('new');
    expect(next?.held[0]).toBe('h1');
  });

  it('retracts nothing when a later push took the minute since', () => {
    const record = { sentAt: T0, told: ['a2'], held: [], pushedFor: 'a2' };
    expect(retractFromWindow(record, 'a1')).toBeUndefined();
    expect(retractFromWindow(undefined, 'a1')).toBeUndefined();
  });
});
