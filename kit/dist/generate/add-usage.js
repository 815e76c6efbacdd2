/** Adds the numeric counters of `more` into `total`. */
function addCounters(total, more) {
    for (const [key, value] of Object.entries(more)) {
        if (typeof value === 'number')
            total[key] = (total[key] ?? 0) + value;
    }
}
/** Adds `more` into `total`, counter by counter (and model by model in `byModel`). */
export function addUsage(total, more) {
    if (!more)
        return total;
    for (const [key, value] of Object.entries(more)) {
        if (key === 'custom') {
            total.custom ??= {};
            addCounters(total.custom, value);
        }
        else if (key === 'byModel') {
            total.byModel ??= {};
            const byModel = total.byModel;
            for (const [model, counters] of Object.entries(value)) {
                byModel[model] ??= {};
                addCounters(byModel[model], counters);
            }
        }
        else if (typeof value === 'number') {
            const counters = total;
            counters[key] = (counters[key] ?? 0) + value;
        }
    }
    return total;
}
//# sourceMappingURL=add-usage.js.map