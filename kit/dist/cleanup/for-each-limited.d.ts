/** Runs `fn` on every item, at most `limit` at once; rejects with the first failure once all have settled. */
export declare function forEachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void>;
