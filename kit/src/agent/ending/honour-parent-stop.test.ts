import { describe, expect, it } from 'vitest';
import type { StopRecord } from '../../session/turn-stops.js';
import { honourParentStop } from './honour-parent-stop.js';

const stop: StopRecord = { leaseId: 'l1', at: 1, uid: 'alice' };

describe('honourParentStop', () => {
  it("honours the parent's stop when it is what aborts the signal", () => {
    const controller = new AbortController();
    const honoured: StopRecord[] = [];
    honourParentStop(
      controller.signal,
      () => stop,
      (s) => honoured.push(s),
    );
    controller.abort(new Error('stopped'));
    expect(honoured).toEqual([stop]);
  });

  it('honours nothing when the signal aborts without a stop (a deadline, the caller gone), or after the unsubscribe', () => {
    const quiet = new AbortController();
    const honoured: StopRecord[] = [];
    honourParentStop(
      quiet.signal,
      () => undefined,
      (s) => honoured.push(s),
    );
    quiet.abort(new Error('deadline'));
    const later = new AbortController();
    honourParentStop(
      later.signal,
      () => stop,
      (s) => honoured.push(s),
    )();
    later.abort(new Error('stopped'));
    expect(honoured).toEqual([]);
  });

  it('honours a stop that aborted the signal before the sub-turn began', () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    const honoured: StopRecord[] = [];
    honourParentStop(
      controller.signal,
      () => stop,
      (s) => honoured.push(s),
    );
    expect(honoured).toEqual([stop]);
  });
});
