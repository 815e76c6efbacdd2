import { describe, expect, it } from 'vitest';
import { callSignal, DEADLINE_MARGIN_MS, DEFAULT_TIMEOUT_SECONDS, deadlineFor, followClient } from './call-signal.js';

describe('deadlineFor', () => {
  it('keeps a margin back from the function’s timeout, or from the platform default without one', () => {
    expect(deadlineFor(120)).toBe(120_000 - DEADLINE_MARGIN_MS);
    expect(deadlineFor(undefined)).toBe(DEFAULT_TIMEOUT_SECONDS * 1_000 - DEADLINE_MARGIN_MS);
    expect(deadlineFor('60s')).toBe(DEFAULT_TIMEOUT_SECONDS * 1_000 - DEADLINE_MARGIN_MS);
    expect(deadlineFor(3)).toBe(1_000);
  });
});

describe('callSignal', () => {
  it('aborts with deadline-exceeded and DEADLINE when the deadline passes', async () => {
    const { signal, dispose } = callSignal(undefined, 5);
    await new Promise((resolve) => signal?.addEventListener('abort', resolve, { once: true }));
    expect(signal?.reason).toMatchObject({ code: 'deadline-exceeded', details: { reason: 'DEADLINE' } });
    dispose();
  });

  it('aborts when the client goes away before the deadline', () => {
    const client = new AbortController();
    const { signal, dispose } = callSignal(client.signal, 60_000);
    client.abort('gone');
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toBe('gone');
    dispose();
  });

  it('is the client’s own signal when there is no deadline', () => {
    const client = new AbortController();
    expect(callSignal(client.signal, undefined).signal).toBe(client.signal);
  });
});

describe('followClient', () => {
  it('ignores the client going away when the turn finishes on disconnect', () => {
    const client = new AbortController();
    const deadline = new AbortController();
    const signal = followClient(deadline.signal, client.signal, 'finish');
    client.abort('gone');
    expect(signal?.aborted).toBe(false);
    deadline.abort('late');
    expect(signal?.reason).toBe('late');
  });

  it('aborts when the client goes away when the turn cancels on disconnect', () => {
    const client = new AbortController();
    const signal = followClient(new AbortController().signal, client.signal, 'cancel');
    client.abort('gone');
    expect(signal?.reason).toBe('gone');
  });
});
