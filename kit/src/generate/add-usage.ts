import type { ModelUsage, Usage } from '../model/index.js';

/** Adds the numeric counters of `more` into `total`. */
function addCounters(total: Record<string, unknown>, more: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(more)) {
    if (typeof value === 'number') total[key] = ((total[key] as number | undefined) ?? 0) + value;
  }
}

/** Adds `more` into `total`, counter by counter (and model by model in `byModel`). */
export function addUsage(total: Usage, more: Usage | undefined): Usage {
  if (!more) return total;
  for (const [key, value] of Object.entries(more)) {
    if (key === 'custom') {
      total.custom ??= {};
      addCounters(total.custom, value as Record<string, number>);
    } else if (key === 'byModel') {
      total.byModel ??= {};
      const byModel = total.byModel;
      for (const [model, counters] of Object.entries(value as Record<string, ModelUsage>)) {
        byModel[model] ??= {};
        addCounters(byModel[model] as Record<string, unknown>, counters);
      }
    } else if (typeof value === 'number') {
      const counters = total as Record<string, number | undefined>;
      counters[key] = (counters[key] ?? 0) + value;
    }
  }
  return total;
}
