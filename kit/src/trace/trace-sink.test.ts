import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitTrace, traceSummary } from './trace-sink.js';
import type { TurnTrace } from './turn-trace.js';

const trace: TurnTrace = {
  traceId: 't1',
  flow: 'orders',
  input: 'hi',
  steps: [],
  latencyMs: 12.6,
  usage: { inputTokens: 10, outputTokens: 5 },
  rounds: 2,
  finishReason: 'stop',
  status: 'done',
  startedAt: '2026-12-01T00:00:00.000Z',
};

afterEach(() => vi.restoreAllMocks());

describe('traceSummary', () => {
  it('says the flow, the outcome, the time, the model calls and the tokens in one line', () => {
    expect(traceSummary(trace)).toBe('turn orders done (stop) in 13 ms, 2 model call(s), 15 tokens');
    expect(traceSummary({ ...trace, status: 'failed', finishReason: undefined, errorCode: 'unavailable' })).toContain(
      'failed (unavailable)',
    );
  });
});

describe('emitTrace', () => {
  it('hands the trace to every sink and reports a failing sink without failing', async () => {
    const seen: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await emitTrace(
      [
        (t) => {
          seen.push(`a:${t.traceId}`);
        },
        () => {
          throw new Error('sink down');
        },
        async (t) => {
          seen.push(`c:${t.traceId}`);
        },
      ],
      trace,
    );
    expect(seen).toEqual(['a:t1', 'c:t1']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('a trace sink failed for trace t1: sink down'));
  });
});
