import { describe, expect, it } from 'vitest';
import { flowMetrics, formatMetrics, percentile } from './trace-metrics.js';
import type { TurnTrace } from './turn-trace.js';

let n = 0;
function trace(
  flow: string,
  status: TurnTrace['status'],
  latencyMs: number,
  rounds: number,
  extra: Partial<TurnTrace> = {},
): TurnTrace {
  return {
    traceId: `t${n++}`,
    flow,
    input: 'x',
    steps: [],
    latencyMs,
    usage: { inputTokens: 100, outputTokens: 10 },
    rounds,
    status,
    ...(status === 'done' ? { finishReason: 'stop' as const } : {}),
    ...(status === 'interrupted' ? { finishReason: 'interrupted' as const } : {}),
    startedAt: new Date(0).toISOString(),
    ...extra,
  };
}

describe('percentile', () => {
  it('picks the nearest rank when values are unsorted', () => {
    const values = [50, 10, 40, 20, 30, 60, 70, 80, 90, 100];
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });
});

describe('flowMetrics', () => {
  it('computes success rate, model calls, latency percentiles and tokens per flow', () => {
    const traces = [
      trace('orders', 'done', 100, 2),
      trace('orders', 'done', 300, 4),
      trace('orders', 'done', 200, 3, { finishReason: 'length' }),
      trace('orders', 'failed', 900, 1, { errorCode: 'unavailable' }),
      trace('orders', 'interrupted', 50, 1),
      trace('transfer', 'done', 10, 1, { usage: {} }),
    ];
    const [orders, transfer] = flowMetrics(traces);
    expect(orders).toMatchObject({
      flow: 'orders',
      turns: 5,
      done: 3,
      interrupted: 1,
      failed: 1,
      successRate: 2 / 4,
      avgModelCalls: 11 / 5,
      p50LatencyMs: 200,
      p95LatencyMs: 900,
      inputTokens: 500,
      outputTokens: 50,
      avgTokens: 110,
    });
    expect(transfer).toMatchObject({ flow: 'transfer', successRate: 1, inputTokens: 0, avgTokens: 0 });
    const table = formatMetrics([orders!, transfer!]);
    expect(table.split('\n')).toHaveLength(4);
    expect(table).toMatch(/orders\s+5\s+50\.0%\s+3\/1\/1\s+2\.20\s+200\s+900\s+500\/50\s+110/);
  });

  it('has no success rate for a flow whose turns all wait for a person', () => {
    expect(flowMetrics([trace('t', 'interrupted', 5, 1)])[0]?.successRate).toBeUndefined();
  });

  it('reports cost per flow and calls per model when the traces are metered', () => {
    const metered = (costUsd: number, flash: number, pro: number): Partial<TurnTrace> => ({
      usage: {
        costUsd,
        byModel: {
          'googleai/gemini-2.5-flash': { calls: flash, costUsd: costUsd / 2 },
          ...(pro ? { 'googleai/gemini-2.5-pro': { calls: pro, costUsd: costUsd / 2 } } : {}),
        },
      },
    });
    const [orders] = flowMetrics([
      trace('orders', 'done', 1, 2, metered(0.02, 1, 1)),
      trace('orders', 'done', 1, 1, metered(0.01, 1, 0)),
    ]);
    expect(orders?.costUsd).toBeCloseTo(0.03, 10);
    expect(orders?.avgCostUsd).toBeCloseTo(0.015, 10);
    expect(orders?.byModel['googleai/gemini-2.5-flash']?.calls).toBe(2);
    expect(orders?.byModel['googleai/gemini-2.5-pro']?.calls).toBe(1);
    expect(formatMetrics([orders!])).toContain('googleai/gemini-2.5-flash×2 googleai/gemini-2.5-pro×1');
  });
});
