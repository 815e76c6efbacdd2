import type { TurnTrace } from './turn-trace.js';

/** What the traces of one flow say (the multi-turn agent article's monitoring figures). */
export interface FlowMetrics {
  flow: string;
  turns: number;
  done: number;
  interrupted: number;
  failed: number;
  /**
   * Turns that ended with the model's answer (`done`, finish reason `stop`) over turns that
   * ended; interrupted turns go on in a resume, so they are not counted. Undefined when none ended.
   */
  successRate: number | undefined;
  /** Model calls per turn, on average (iterations of the generate loop). */
  avgModelCalls: number;
  p50LatencyMs: number;
  p95LatencyMs: number;
  inputTokens: number;
  outputTokens: number;
  /** Input + output tokens per turn, on average. */
  avgTokens: number;
  /** Estimated cost of all turns in US dollars (from the app's price table; 0 when unpriced). */
  costUsd: number;
  /** Estimated cost per turn, on average. */
  avgCostUsd: number;
  /** Model calls and cost per model name, over all turns. */
  byModel: Record<string, { calls: number; costUsd: number }>;
}

/** The `p`-th percentile of `values` by nearest rank (0 for none). */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

function metricsOf(flow: string, traces: readonly TurnTrace[]): FlowMetrics {
  const count = (status: TurnTrace['status']): number => traces.filter((t) => t.status === status).length;
  const [done, interrupted, failed] = [count('done'), count('interrupted'), count('failed')];
  const succeeded = traces.filter((t) => t.status === 'done' && t.finishReason === 'stop').length;
  const inputTokens = traces.reduce((n, t) => n + (t.usage.inputTokens ?? 0), 0);
  const outputTokens = traces.reduce((n, t) => n + (t.usage.outputTokens ?? 0), 0);
  const latencies = traces.map((t) => t.latencyMs);
  const costUsd = traces.reduce((n, t) => n + (t.usage.costUsd ?? 0), 0);
  const byModel: FlowMetrics['byModel'] = {};
  for (const trace of traces) {
    for (const [model, usage] of Object.entries(trace.usage.byModel ?? {})) {
      byModel[model] ??= { calls: 0, costUsd: 0 };
      const row = byModel[model];
      row.calls += usage.calls ?? 0;
      row.costUsd += usage.costUsd ?? 0;
    }
  }
  return {
    flow,
    turns: traces.length,
    done,
    interrupted,
    failed,
    successRate: done + failed ? succeeded / (done + failed) : undefined,
    avgModelCalls: traces.reduce((n, t) => n + t.rounds, 0) / traces.length,
    p50LatencyMs: percentile(latencies, 50),
    p95LatencyMs: percentile(latencies, 95),
    inputTokens,
    outputTokens,
    avgTokens: (inputTokens + outputTokens) / traces.length,
    costUsd,
    avgCostUsd: costUsd / traces.length,
    byModel,
  };
}

/** The metrics of each flow that has traces, by flow name. */
export function flowMetrics(traces: readonly TurnTrace[]): FlowMetrics[] {
  const byFlow = new Map<string, TurnTrace[]>();
  for (const trace of traces) {
    const list = byFlow.get(trace.flow);
    if (list) list.push(trace);
    else byFlow.set(trace.flow, [trace]);
  }
  return [...byFlow.keys()].sort().map((flow) => metricsOf(flow, byFlow.get(flow) as TurnTrace[]));
}

const COLUMNS = [
  'flow',
  'turns',
  'success',
  'done/int/fail',
  'avg calls',
  'p50 ms',
  'p95 ms',
  'tokens in/out',
  'avg tokens',
  'cost $',
  'avg cost $',
  'calls by model',
];

/** Dollars with enough digits for fractions of a cent. */
const dollars = (usd: number): string => (usd === 0 ? '0' : usd.toFixed(usd < 0.01 ? 6 : 4));

/** The metrics as a plain-text table, one flow per row. */
export function formatMetrics(rows: readonly FlowMetrics[]): string {
  const cells = rows.map((m) => [
    m.flow,
    String(m.turns),
    m.successRate === undefined ? '–' : `${(m.successRate * 100).toFixed(1)}%`,
    `${m.done}/${m.interrupted}/${m.failed}`,
    m.avgModelCalls.toFixed(2),
    m.p50LatencyMs.toFixed(0),
    m.p95LatencyMs.toFixed(0),
    `${m.inputTokens}/${m.outputTokens}`,
    m.avgTokens.toFixed(0),
    dollars(m.costUsd),
    dollars(m.avgCostUsd),
    Object.entries(m.byModel)
      .map(([model, row]) => `${model}×${row.calls}`)
      .join(' ') || '–',
  ]);
  const widths = COLUMNS.map((c, i) => Math.max(c.length, ...cells.map((row) => (row[i] as string).length)));
  const line = (row: readonly string[]): string => row.map((cell, i) => cell.padEnd(widths[i] as number)).join('  ');
  return [line(COLUMNS), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}
