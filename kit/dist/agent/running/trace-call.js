import { isKitError } from '../../errors/index.js';
import { GEN_AI, inSpan, KIT_ATTR } from '../../telemetry/index.js';
import { emitTrace, recordTurn } from '../../trace/index.js';
/** The resume's replies as `restart name#ref`, every kind of reply the wire protocol has (decline too). */
export function resumeReplies(resume) {
    const replies = [];
    for (const [kind, list] of Object.entries(resume)) {
        if (!Array.isArray(list))
            continue;
        for (const reply of list)
            replies.push(`${kind} ${String(reply.name)}#${String(reply.ref)}`);
    }
    return replies;
}
/** What a call asked, as its trace's input: the user's message, which interrupts a resume answers, or a continuation. */
export function traceInput(input) {
    if (input === 'continuation')
        return '[continuation]';
    if (input.message !== undefined)
        return input.message;
    return `[resume] ${resumeReplies(input.resume ?? {}).join(', ')}`;
}
function setResult(span, result) {
    span.setAttribute(KIT_ATTR.sessionId, result.sessionId);
    span.setAttribute(GEN_AI.conversationId, result.sessionId);
    span.setAttribute(KIT_ATTR.status, result.status);
    span.setAttribute(GEN_AI.responseFinishReasons, [result.finishReason]);
    if (result.usage.inputTokens !== undefined)
        span.setAttribute(GEN_AI.inputTokens, result.usage.inputTokens);
    if (result.usage.outputTokens !== undefined)
        span.setAttribute(GEN_AI.outputTokens, result.usage.outputTokens);
    if (result.usage.costUsd !== undefined)
        span.setAttribute(KIT_ATTR.costUsd, result.usage.costUsd);
    for (const interrupt of result.interrupts) {
        span.addEvent('interrupt', { [GEN_AI.toolName]: interrupt.name, [GEN_AI.toolCallId]: interrupt.ref });
    }
}
/** The call with its stored trace: every call that runs (or fails) is recorded; a replayed result is not a new turn. */
async function recordedCall(rt, sessionId, input, ctx, run) {
    // The agent's sinks, then the call's own.
    const sinks = ctx.traces === undefined ? rt.traces : [...rt.traces, ...[ctx.traces].flat()];
    if (!sinks.length)
        return (await run(undefined)).result;
    const init = { flow: rt.name, input: traceInput(input), uid: ctx.uid };
    const recorder = recordTurn(sessionId === undefined ? init : { ...init, sessionId });
    let outcome;
    try {
        outcome = await run(recorder.observer);
    }
    catch (error) {
        const failedIn = isKitError(error) ? error.details?.sessionId : undefined;
        await emitTrace(sinks, recorder.finish({ error, ...(typeof failedIn === 'string' ? { sessionId: failedIn } : {}) }));
        throw error;
    }
    const { result, replayed } = outcome;
    if (!replayed)
        await emitTrace(sinks, recorder.finish({ result, sessionId: result.sessionId }));
    return result;
}
/**
 * One agent call, observed once: an `invoke_agent {name}` span (the session, a `resume` event
 * naming the replies, an `interrupt` event per question the turn leaves, usage and cost; a
 * failure carries its code and reason) in which the turn's rounds, model and tool calls nest,
 * and the call's stored trace, fed by generate's step events through `run`'s observer.
 */
export function traceCall(rt, sessionId, input, ctx, run) {
    // Built only when a span records (the thunk): with no SDK registered, a call builds nothing for it.
    const attributes = () => ({
        [GEN_AI.operationName]: 'invoke_agent',
        [GEN_AI.agentName]: rt.name,
        ...(sessionId === undefined ? {} : { [KIT_ATTR.sessionId]: sessionId, [GEN_AI.conversationId]: sessionId }),
        ...(ctx.requestId === undefined ? {} : { [KIT_ATTR.requestId]: ctx.requestId }),
    });
    return inSpan(`invoke_agent ${rt.name}`, { attributes }, async (span) => {
        if (input !== 'continuation' && input.resume && span.isRecording()) {
            span.addEvent('resume', { replies: resumeReplies(input.resume) });
        }
        const result = await recordedCall(rt, sessionId, input, ctx, run);
        if (span.isRecording())
            setResult(span, result);
        return result;
    });
}
//# sourceMappingURL=trace-call.js.map