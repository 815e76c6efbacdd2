/**
 * `work`'s outcome, or `late()`'s once `ms` have passed without one (`late` may throw, to fail
 * the wait). `work` is not cancelled: the caller stops waiting for it. The timer never outlives
 * the wait, so a settled wait keeps no process alive.
 */
export declare function within<T>(work: Promise<T>, ms: number, late: () => T): Promise<T>;
