/**
 * What the server's hand-off of a turn names: the turn (its session and the lease it ran under)
 * and how many hand-offs came before it. (The Cloud Tasks payload: a task an earlier version
 * enqueued names that count `step`; the task function reads both.) A task runs the turn on only while that lease is the
 * session's: a turn that finished, or that another call took over, is left alone.
 */
export interface ContinuationTask {
    agent: string;
    sessionId: string;
    leaseId: string;
    /** 0 for a turn a client started; n for the turn the n-th continuation runs. */
    handOffs: number;
}
/** How a task is put on the queue. */
export interface EnqueueOptions {
    /** When it is first dispatched, from now (the real queue keeps it; the local emulator ignores it). */
    delaySeconds: number;
    /** The task's name: the queue refuses a second task of the same name, so a turn is enqueued at most once. */
    id: string;
}
/**
 * Where a turn's continuation waits for its instance to die: Cloud Tasks when deployed
 * (`cloudTasksQueue` in the continuation layer), {@link MemoryContinuationQueue} in tests. A
 * task named twice is not an error (the first one stands).
 */
export interface ContinuationQueue {
    enqueue(task: ContinuationTask, options: EnqueueOptions): Promise<void>;
}
/** How an agent's turns outlive their instances (see `AgentConfig.continuation`). */
export interface ContinuationOptions {
    queue: ContinuationQueue;
    /** How long a turn runs before it is handed to the queue: shorter turns cost nothing (0: every turn, as it starts). Default 1,000 ms. */
    afterMs?: number;
    /** The most continuations one turn gets (hand-offs). Default 3. */
    maxHandOffs?: number;
    /** @deprecated The old name of {@link ContinuationOptions.maxHandOffs}: read when that is not given. */
    maxSteps?: number;
    /** A turn is not continued once it began this long ago. Default 15 minutes. */
    maxDurationMs?: number;
}
/** {@link ContinuationOptions} with every default filled in. */
export type ResolvedContinuation = Required<Omit<ContinuationOptions, 'maxSteps'>>;
export declare const DEFAULT_CONTINUATION_AFTER_MS = 1000;
export declare const DEFAULT_CONTINUATION_MAX_HAND_OFFS = 3;
export declare const DEFAULT_CONTINUATION_MAX_DURATION_MS: number;
/** Fills in the defaults. */
export declare function resolveContinuation(options: ContinuationOptions | undefined): ResolvedContinuation | undefined;
