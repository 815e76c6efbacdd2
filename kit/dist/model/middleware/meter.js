import { costOf, priceOf } from '../pricing.js';
/** One call's usage as the counters of the model that answered, priced when the table knows it. */
function usageByModel(model, usage, pricing) {
    const entry = { calls: 1 };
    for (const key of ['inputTokens', 'outputTokens', 'thoughtsTokens', 'cachedContentTokens']) {
        if (usage[key] !== undefined)
            entry[key] = usage[key];
    }
    const price = pricing && priceOf(pricing, model);
    if (!price)
        return { ...usage, byModel: { [model]: entry } };
    const costUsd = costOf(usage, price);
    return { ...usage, costUsd, byModel: { [model]: { ...entry, costUsd } } };
}
/**
 * Counts each response's usage under the model that answered (`usage.byModel`) and adds its
 * estimated cost (`usage.costUsd`) from `pricing`; `generate` sums both over the turn. Put it
 * first in `use` so that it sees the answer of whichever model a `fallback` or `route` picked.
 */
export function meter(options = {}) {
    return async (request, callOptions, next) => {
        const response = await next(request, callOptions);
        // A response another meter (a route's) already counted is passed on as it is.
        if (!response.model || response.usage?.byModel)
            return response;
        return { ...response, usage: usageByModel(response.model, response.usage ?? {}, options.pricing) };
    };
}
//# sourceMappingURL=meter.js.map