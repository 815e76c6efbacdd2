import { describe, expect, it } from 'vitest';
import { callDeadline } from './call-deadline.js';

describe('callDeadline', () => {
  it('aborts and says it timed out when the deadline passes first', async () => {
    const deadline = callDeadline(undefined, 5);
    await new Promise((resolve) => deadline.signal.addEventListener('abort', resolve, { once: true }));
    expect(deadline.timedOut()).toBe(true);
    deadline.dispose();
  });

  it('aborts with the caller’s reason, and not as a timeout, when the caller aborts', () => {
    const caller = new AbortController();
    const deadline = callDeadline(caller.signal, 60_000);
    caller.abort('gone');
    expect(deadline.signal.reason).toBe('gone');
    expect(deadline.timedOut()).toBe(false);
    deadline.dispose();
  });

  it('is aborted from the start when the caller already was', () => {
    const caller = new AbortController();
    caller.abort();
    expect(callDeadline(caller.signal, 0).signal.aborted).toBe(true);
  });

  it('ends the exchange on cancel and stops listening to the caller on dispose', () => {
    const caller = new AbortController();
    const deadline = callDeadline(caller.signal, 0);
    deadline.dispose();
    caller.abort('late');
    expect(deadline.signal.aborted).toBe(false);
    deadline.cancel();
    expect(deadline.signal.aborted).toBe(true);
  });
});
