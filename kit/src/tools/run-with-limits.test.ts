import { afterEach, describe, expect, it, vi } from 'vitest';
import { KitError } from '../errors/index.js';
import { LazySignal, type LimitedRun, LimitSink, runWithLimits, runWithLimitsInto } from './run-with-limits.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('runWithLimits', () => {
  it('resolves with the value when the body answers synchronously', async () => {
    await expect(runWithLimits('t', 1000, undefined, () => 42)).resolves.toBe(42);
  });

  it('rejects with the error when the body throws synchronously', async () => {
    const boom = new Error('boom');
    await expect(
      runWithLimits('t', 1000, undefined, () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
  });

  it('resolves with the value when an async body settles in time', async () => {
    await expect(runWithLimits('t', 1000, undefined, async () => 'late')).resolves.toBe('late');
  });

  it('rejects with deadline-exceeded and aborts the body when an async body outlives its timeout', async () => {
    let signal: AbortSignal | undefined;
    const run = runWithLimits('tool x', 10, undefined, (r) => {
      signal = r.signal;
      return new Promise(() => {});
    });
    await expect(run).rejects.toMatchObject({ code: 'deadline-exceeded' });
    expect(signal?.aborted).toBe(true);
  });

  it('rejects without running the body when the parent is already aborted', async () => {
    const parent = AbortSignal.abort();
    let ran = false;
    await expect(
      runWithLimits('t', 1000, parent, () => {
        ran = true;
        return 1;
      }),
    ).rejects.toMatchObject({ code: 'aborted' });
    expect(ran).toBe(false);
  });

  it('rejects with aborted when the parent aborts while an async body runs', async () => {
    const controller = new AbortController();
    const run = runWithLimits('t', 1000, controller.signal, () => new Promise(() => {}));
    controller.abort();
    await expect(run).rejects.toMatchObject({ code: 'aborted' });
  });

  it('aborts the body when the parent aborts during the synchronous part of an async body', async () => {
    const controller = new AbortController();
    let signal: AbortSignal | undefined;
    const run = runWithLimits('t', 1000, controller.signal, (r) => {
      signal = r.signal;
      controller.abort();
      return new Promise((resolve) => r.signal.addEventListener('abort', resolve, { once: true }));
    });
    await expect(run).rejects.toMatchObject({ code: 'aborted' });
    expect(signal?.aborted).toBe(true);
  });

  it('starts no timer and returns the mapped value when the body is async and has no timeout', async () => {
    vi.useFakeTimers();
    const run = runWithLimits(
      't',
      Number.POSITIVE_INFINITY,
      undefined,
      async () => 20,
      (n) => n + 1,
    );
    expect(vi.getTimerCount()).toBe(0);
    await expect(run).resolves.toBe(21);
  });

  it('starts no timer yet still ends the call when the parent aborts and there is no timeout', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const run = runWithLimits('t', Number.POSITIVE_INFINITY, controller.signal, () => new Promise(() => {}));
    expect(vi.getTimerCount()).toBe(0);
    controller.abort();
    await expect(run).rejects.toMatchObject({ code: 'aborted' });
  });

  it('rejects with deadline-exceeded and aborts the body when an async body outlives a long timeout', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const run = runWithLimits('tool slow', 30_000, undefined, (r) => {
      signal = r.signal;
      return new Promise(() => {});
    });
    const outcome = expect(run).rejects.toMatchObject({ code: 'deadline-exceeded' });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1_500);
    await outcome;
    expect(signal?.aborted).toBe(true);
  });

  it('rejects with the error when mapping the value throws', async () => {
    const run = runWithLimits(
      't',
      1000,
      undefined,
      async () => 1,
      () => {
        throw new Error('bad output');
      },
    );
    await expect(run).rejects.toThrow('bad output');
  });
});

describe("a run's signal, read before, around and only after the run is cut short", () => {
  /** A body that may read its signal at once, then waits for `release` and may read it again. */
  function readers(release: Promise<void>) {
    const seen: Record<string, { early?: AbortSignal; late?: AbortSignal }> = {};
    const reader =
      (name: string, readEarly: boolean, readLate: boolean) =>
      async (run: LimitedRun): Promise<string> => {
        const early = readEarly ? run.signal : undefined;
        await release;
        seen[name] = { ...(early ? { early } : {}), ...(readLate ? { late: run.signal } : {}) };
        return 'ran on';
      };
    return { seen, reader };
  }
  const opened = () => {
    let open = () => {};
    const promise = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { promise, open };
  };
  const settledAll = (what: Record<string, Promise<unknown>>) => Promise.allSettled(Object.values(what));

  it('is aborted with the parent’s reason for a body that first reads it after the parent aborted', async () => {
    const release = opened();
    const { seen, reader } = readers(release.promise);
    const controller = new AbortController();
    const runs = {
      before: runWithLimits('t', 1000, controller.signal, reader('before', true, false)),
      both: runWithLimits('t', 1000, controller.signal, reader('both', true, true)),
      after: runWithLimits('t', 1000, controller.signal, reader('after', false, true)),
    };
    const stopped = new KitError('cancelled', 'stopped', { reason: 'STOPPED' });
    controller.abort(stopped);
    await settledAll(runs);
    release.open();
    await vi.waitFor(() => expect(Object.keys(seen)).toHaveLength(3));
    for (const signal of [seen.before?.early, seen.both?.early, seen.both?.late, seen.after?.late]) {
      expect(signal?.aborted).toBe(true);
      expect(signal?.reason).toBe(stopped);
    }
    expect(seen.both?.late).toBe(seen.both?.early);
  });

  it('is aborted with the timeout for a body that first reads it after its timeout passed', async () => {
    vi.useFakeTimers();
    const release = opened();
    const { seen, reader } = readers(release.promise);
    const runs = {
      before: runWithLimits('tool before', 50, undefined, reader('before', true, false)),
      both: runWithLimits('tool both', 50, undefined, reader('both', true, true)),
      after: runWithLimits('tool after', 50, undefined, reader('after', false, true)),
    };
    const ended = settledAll(runs);
    await vi.advanceTimersByTimeAsync(60);
    const outcomes = await ended;
    release.open();
    await vi.advanceTimersByTimeAsync(0);
    const reasons = outcomes.map((outcome) => (outcome.status === 'rejected' ? outcome.reason : undefined));
    expect(reasons).toMatchObject([
      { code: 'deadline-exceeded', message: 'tool before timed out after 50 ms' },
      { code: 'deadline-exceeded', message: 'tool both timed out after 50 ms' },
      { code: 'deadline-exceeded', message: 'tool after timed out after 50 ms' },
    ]);
    expect(seen.before?.early?.reason).toBe(reasons[0]);
    expect(seen.both?.early?.reason).toBe(reasons[1]);
    expect(seen.both?.late).toBe(seen.both?.early);
    expect(seen.after?.late?.aborted).toBe(true);
    expect(seen.after?.late?.reason).toBe(reasons[2]);
  });

  it('is not aborted for a late reader when the run was never cut short', async () => {
    const controller = new AbortController();
    let late: AbortSignal | undefined;
    const run = runWithLimits('t', 1000, controller.signal, async (r) => {
      await Promise.resolve();
      late = r.signal;
      return 1;
    });
    await expect(run).resolves.toBe(1);
    controller.abort();
    expect(late?.aborted).toBe(false);
  });
});

describe('runWithLimitsInto', () => {
  class Recorder extends LimitSink<number> {
    readonly told: string[] = [];
    override settle(value: number): void {
      this.told.push(`settle ${value}`);
    }
    override fail(error: unknown): void {
      this.told.push(`fail ${(error as { code?: string }).code ?? String(error)}`);
    }
  }
  const recorder = () => {
    const sink = new Recorder();
    return { told: sink.told, sink };
  };

  it('tells the sink the mapped value before returning when the body answers at once', () => {
    const { told, sink } = recorder();
    runWithLimitsInto(
      't',
      1000,
      undefined,
      (n: number) => n * 2,
      20,
      new LazySignal(),
      (n) => n + 1,
      sink,
    );
    expect(told).toEqual(['settle 41']);
  });

  it('tells the sink once, the deadline, when the body settles after its timeout', async () => {
    vi.useFakeTimers();
    const { told, sink } = recorder();
    let answer: (n: number) => void = () => {};
    const late = new Promise<number>((resolve) => {
      answer = resolve;
    });
    runWithLimitsInto(
      't',
      30_000,
      undefined,
      () => late,
      undefined,
      new LazySignal(),
      (n) => n,
      sink,
    );
    await vi.advanceTimersByTimeAsync(30_500);
    answer(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(told).toEqual(['fail deadline-exceeded']);
  });
});
