import { z } from 'zod';
import { isKitError } from '../errors/index.js';
const TaskTurnSchema = z.object({
    agent: z.string().min(1).max(128),
    sessionId: z.string().min(1).max(128),
    leaseId: z.string().min(1).max(128),
});
const CountSchema = z.number().int().min(0);
/**
 * The task's payload as the turn enqueued it: how many hand-offs came before it is `handOffs`,
 * or `step` in a task an earlier version enqueued (still in the queue across a deploy).
 */
const ContinuationTaskSchema = z.union([
    TaskTurnSchema.extend({ handOffs: CountSchema }),
    TaskTurnSchema.extend({ step: CountSchema }).transform(({ step, ...turn }) => ({ ...turn, handOffs: step })),
]);
/** True when the queue should try the task again later: the turn still runs, or the store was unavailable. */
export function triesAgain(error) {
    return isKitError(error) && (error.reason === 'SESSION_BUSY' || error.code === 'unavailable');
}
/**
 * Runs one continuation task: the named agent's `continue`. Throws (so the queue retries after
 * its backoff) only while the turn's lease is live or the store is unavailable; a payload it
 * can't read, an agent it doesn't serve, or a continued turn that failed (it is stored failed,
 * as any turn) is logged and done: trying again would not change it.
 */
export async function runContinuationTask(agents, data, log = console.warn, signal) {
    const parsed = ContinuationTaskSchema.safeParse(data);
    if (!parsed.success) {
        log('[callable-flows] a continuation task with a payload it cannot read was dropped', {
            issues: parsed.error.issues.length,
        });
        return 'ignored';
    }
    const task = parsed.data;
    const source = Object.hasOwn(agents, task.agent) ? agents[task.agent] : undefined;
    if (!source) {
        log(`[callable-flows] a continuation task names agent '${task.agent}', which this function does not serve`, {});
        return 'ignored';
    }
    const agent = typeof source === 'function' ? await source() : source;
    try {
        return await agent.continue(task, signal);
    }
    catch (error) {
        if (triesAgain(error))
            throw error;
        // The continued turn reached this function's deadline and was handed on to its own task.
        if (isKitError(error) && error.details?.continues === true)
            return 'continued';
        const reason = isKitError(error) ? (error.reason ?? error.code) : 'unknown';
        log(`[callable-flows] the continued turn on session '${task.sessionId}' failed; it is stored with its error`, {
            reason,
        });
        return 'continued';
    }
}
//# sourceMappingURL=run-continuation-task.js.map