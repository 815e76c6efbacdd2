/** The price of `model`: by its full name, else by the name after its provider prefix. */
export function priceOf(pricing, model) {
    return pricing[model] ?? pricing[model.slice(model.lastIndexOf('/') + 1)];
}
/** The estimated cost of `usage` at `price`, in US dollars. */
export function costOf(usage, price) {
    const cached = usage.cachedContentTokens ?? 0;
    const input = Math.max(0, (usage.inputTokens ?? 0) - cached);
    const perToken = input * price.inputPerMTok +
        cached * (price.cachedInputPerMTok ?? price.inputPerMTok) +
        (usage.outputTokens ?? 0) * price.outputPerMTok +
        (usage.thoughtsTokens ?? 0) * (price.thoughtsPerMTok ?? price.outputPerMTok);
    return perToken / 1_000_000;
}
//# sourceMappingURL=pricing.js.map