/** Waits `ms`, or rejects with the kit's abort error as soon as `signal` fires. */
export declare function sleep(ms: number, signal?: AbortSignal): Promise<void>;
