import { callStateOf, clearStamps, recordedResponse, stampInterrupt, stampPendingOutput } from '../call-state/index.js';
import { PromiseSink } from '../tools/index.js';
import { runToolCall, ToolCallRecord } from './execute-tool-call.js';
/**
 * One round's calls as they settle: what each ended with, by request index, and the round's
 * outcome once the last has (a failure: the first by index, after every call finished).
 */
class RoundJoin {
    /** Calls not settled yet, plus one held while the calls are being started. */
    pending = 1;
    /** The request part as the round keeps it (stamped when it waits), by index; unset for other parts. */
    parts;
    responses;
    failedAt = -1;
    failure;
    outcome = new PromiseSink();
    message;
    hooks;
    constructor(message, hooks) {
        this.message = message;
        this.hooks = hooks;
        this.parts = new Array(message.content.length);
        this.responses = new Array(message.content.length);
    }
    done(index, part, response) {
        this.parts[index] = part;
        this.responses[index] = response;
        this.release();
    }
    failed(index, error) {
        if (this.failedAt < 0 || index < this.failedAt) {
            this.failedAt = index;
            this.failure = error;
        }
        this.release();
    }
    /** A response the moment it is settled: streamed, then kept. */
    answered(index, part, response) {
        try {
            this.hooks.onResponse?.(response);
        }
        catch (error) {
            this.failed(index, error);
            return;
        }
        this.done(index, part, response);
    }
    release() {
        if (--this.pending)
            return;
        if (this.failedAt >= 0) {
            this.outcome.fail(this.failure);
            return;
        }
        let resolved;
        try {
            resolved = resolvedRound(this.message, this.parts, this.responses);
        }
        catch (error) {
            this.outcome.fail(error);
            return;
        }
        this.outcome.settle(resolved);
    }
}
/** One call of a round: the tool's sink, which tells the round how the call ended. */
class RoundCall extends ToolCallRecord {
    join;
    index;
    part;
    constructor(join, index, part, scope) {
        super(part.toolRequest, scope);
        this.join = join;
        this.index = index;
        this.part = part;
    }
    deliver(outcome) {
        // A restarted call that asks again waits again, as a new interrupt.
        if (outcome.interrupt !== undefined)
            this.join.done(this.index, stampInterrupt(this.part, outcome.interrupt), undefined);
        else
            this.answer(outcome.response);
    }
    // Taken as it is: no outcome object per answered call.
    answer(response) {
        const { join, index, part } = this;
        let journaled;
        try {
            journaled = join.hooks.onToolResult?.({ request: part, response, tool: this.tool });
        }
        catch (error) {
            join.failed(index, error);
            return;
        }
        if (!journaled)
            join.answered(index, part, response);
        else
            Promise.resolve(journaled).then(() => join.answered(index, part, response), (error) => join.failed(index, error));
    }
    reject(error) {
        this.join.failed(this.index, error);
    }
}
/** Starts (or settles at once) the call `part` of the round. */
function startCall(join, index, part, scope) {
    const state = callStateOf(part);
    if (state.kind === 'waiting') {
        join.done(index, part, undefined);
        return;
    }
    const response = recordedResponse(part);
    if (response) {
        join.answered(index, part, response);
        return;
    }
    const resumed = state.kind === 'approved' ? state.resumed : undefined;
    runToolCall(new RoundCall(join, index, part, scope), resumed);
}
/** The round's outcome from what each call ended with (`parts` unset where the message has no call). */
function resolvedRound(message, parts, answers) {
    // One pass, plain loops: a round runs per model call, and flatMap's one-element arrays add up.
    const interrupts = [];
    const responses = [];
    for (let i = 0; i < parts.length; i++) {
        const part = parts[i];
        if (!part)
            continue;
        const response = answers[i];
        if (response)
            responses.push(response);
        else
            interrupts.push(part);
    }
    if (interrupts.length) {
        const content = message.content.map((original, i) => {
            const part = parts[i];
            if (!part)
                return original;
            const response = answers[i];
            return response ? stampPendingOutput(part, response) : part;
        });
        const interruptedMessage = { ...message, content };
        return { message: interruptedMessage, interruptedMessage, interrupts };
    }
    const toolMessage = { role: 'tool', content: responses };
    // The message as it was when no call carried stamps (a fresh round): no copy per round.
    let changed = false;
    for (let i = 0; i < parts.length && !changed; i++) {
        const part = parts[i];
        changed = part !== undefined && (part !== message.content[i] || part.metadata !== undefined);
    }
    if (!changed)
        return { message, toolMessage };
    const content = message.content.map((original, i) => {
        const part = parts[i];
        if (!part)
            return original;
        return part === original && !part.metadata ? part : clearStamps(part);
    });
    return { message: { ...message, content }, toolMessage };
}
/**
 * Settles the open round `message` holds, in parallel: a recorded response is reused, an
 * approved or unanswered call runs (as resumed, or fresh), a call waiting for a person waits.
 * The round waits for every call before a failure ends it, so what finished is journaled.
 * With nothing waiting, the responses form the tool message, in request order; otherwise the
 * message comes back stamped: waiting calls carry `interrupt`, answered ones `pendingOutput`.
 * One record per call and one promise per round: a call's result goes straight to the round.
 */
export function runOpenRound(message, scope, hooks = {}) {
    const join = new RoundJoin(message, hooks);
    const content = message.content;
    for (let i = 0; i < content.length; i++) {
        const part = content[i];
        if (!('toolRequest' in part))
            continue;
        join.pending++;
        try {
            startCall(join, i, part, scope);
        }
        catch (error) {
            // Fails this call only: the round still waits for the others.
            join.failed(i, error);
        }
    }
    join.release();
    return join.outcome.promise();
}
//# sourceMappingURL=run-open-round.js.map