import type { Usage } from '../model/index.js';

/** Adds `more` into `total`, counter by counter. */
export function addUsage(total: Usage, more: Usage | undefined): Usage {
  if (!more) return total;
  for (const [key, value] of Object.entries(more)) {
    if (key === 'custom') {
      total.custom ??= {};
      const custom = total.custom;
      for (const [k, v] of Object.entries(value as Record<string, number>)) custom[k] = (custom[k] ?? 0) + v;
    } else if (typeof value === 'number') {
      const counters = total as Record<string, number | undefined>;
      counters[key] = (counters[key] ?? 0) + value;
    }
  }
  return total;
}
