import type { ModelMiddleware } from '../model.js';
import { costOf, type Pricing, priceOf } from '../pricing.js';
import type { ModelUsage, Usage } from '../usage.js';

/** Options of {@link meter}. */
export interface MeterOptions {
  /** Prices per model; a model missing from the table is counted but not priced. */
  pricing?: Pricing;
}

/** One call's usage as the counters of the model that answered, priced when the table knows it. */
function usageByModel(model: string, usage: Usage, pricing: Pricing | undefined): Usage {
  const entry: ModelUsage = { calls: 1 };
  for (const key of ['inputTokens', 'outputTokens', 'thoughtsTokens', 'cachedContentTokens'] as const) {
    if (usage[key] !== undefined) entry[key] = usage[key];
  }
  const price = pricing && priceOf(pricing, model);
  if (!price) return { ...usage, byModel: { [model]: entry } };
  const costUsd = costOf(usage, price);
  return { ...usage, costUsd, byModel: { [model]: { ...entry, costUsd } } };
}

/**
 * Counts each response's usage under the model that answered (`usage.byModel`) and adds its
 * estimated cost (`usage.costUsd`) from `pricing`; `generate` sums both over the turn. Put it
 * first in `use` so that it sees the answer of whichever model a `fallback` or `route` picked.
 */
export function meter(options: MeterOptions = {}): ModelMiddleware {
  return async (request, callOptions, next) => {
    const response = await next(request, callOptions);
    // A response another meter (a route's) already counted is passed on as it is.
    if (!response.model || response.usage?.byModel) return response;
    return { ...response, usage: usageByModel(response.model, response.usage ?? {}, options.pricing) };
  };
}
