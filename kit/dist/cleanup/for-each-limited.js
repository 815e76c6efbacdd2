/** Runs `fn` on every item, at most `limit` at once; rejects with the first failure once all have settled. */
export async function forEachLimited(items, limit, fn) {
    let next = 0;
    let failure;
    const worker = async () => {
        while (next < items.length) {
            const item = items[next++];
            try {
                await fn(item);
            }
            catch (error) {
                failure ??= { error };
            }
        }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
    if (failure)
        throw failure.error;
}
//# sourceMappingURL=for-each-limited.js.map