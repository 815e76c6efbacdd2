export const DEFAULT_CONTINUATION_AFTER_MS = 1_000;
export const DEFAULT_CONTINUATION_MAX_HAND_OFFS = 3;
export const DEFAULT_CONTINUATION_MAX_DURATION_MS = 15 * 60 * 1000;
/** Fills in the defaults. */
export function resolveContinuation(options) {
    if (!options)
        return undefined;
    return {
        queue: options.queue,
        afterMs: options.afterMs ?? DEFAULT_CONTINUATION_AFTER_MS,
        maxHandOffs: options.maxHandOffs ?? options.maxSteps ?? DEFAULT_CONTINUATION_MAX_HAND_OFFS,
        maxDurationMs: options.maxDurationMs ?? DEFAULT_CONTINUATION_MAX_DURATION_MS,
    };
}
//# sourceMappingURL=continuation-queue.js.map