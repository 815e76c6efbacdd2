import { randomUUID } from 'node:crypto';
import { isKitError } from '../errors/index.js';
import { textOf } from '../model/index.js';
import { redactSecrets } from '../redact/index.js';
function inputText(input) {
    if (typeof input === 'string')
        return input;
    if (Array.isArray(input) && input.every((p) => typeof p === 'object' && p !== null))
        return textOf(input);
    return JSON.stringify(input) ?? '';
}
const errorText = (error) => redactSecrets(error instanceof Error ? error.message : String(error)).slice(0, 500);
/** The trace step of a finished model or tool call; undefined for the events a trace does not keep. */
export function traceStepOf(event) {
    if (event.type === 'tool-finished') {
        const { name, ref, resumed, durationMs, outcome } = event;
        const step = { kind: 'tool', name, ref, resumed, durationMs, outcome };
        if (outcome === 'error')
            step.error = errorText(event.error);
        return step;
    }
    if (event.type !== 'model-finished')
        return undefined;
    const { model, durationMs, outcome, usage } = event;
    if (outcome === 'error')
        return { kind: 'model', model, durationMs, outcome, error: errorText(event.error) };
    const step = { kind: 'model', model, durationMs, outcome, toolRequests: event.toolRequests ?? 0 };
    if (event.finishReason !== undefined)
        step.finishReason = event.finishReason;
    if (usage?.inputTokens !== undefined)
        step.inputTokens = usage.inputTokens;
    if (usage?.outputTokens !== undefined)
        step.outputTokens = usage.outputTokens;
    if (usage?.costUsd !== undefined)
        step.costUsd = usage.costUsd;
    return step;
}
function statusOf(result, error) {
    if (error !== undefined)
        return 'failed';
    return result?.finishReason === 'interrupted' ? 'interrupted' : 'done';
}
/** Starts recording a turn: its steps come from the observer, its end from `finish`. */
export function recordTurn(init) {
    const started = performance.now();
    const startedAt = new Date().toISOString();
    const steps = [];
    const observer = (event) => {
        const step = traceStepOf(event);
        if (step)
            steps.push(step);
    };
    return {
        observer,
        finish({ result, error, sessionId }) {
            const trace = {
                traceId: randomUUID(),
                flow: init.flow,
                input: redactSecrets(inputText(init.input)).slice(0, init.maxInputChars ?? 200),
                steps,
                latencyMs: performance.now() - started,
                usage: result?.usage ?? {},
                rounds: steps.filter((s) => s.kind === 'model').length,
                status: statusOf(result, error),
                startedAt,
            };
            const session = sessionId ?? init.sessionId;
            if (session !== undefined)
                trace.sessionId = session;
            if (init.uid !== undefined)
                trace.uid = init.uid;
            if (result)
                trace.finishReason = result.finishReason;
            if (error !== undefined)
                trace.errorCode = isKitError(error) ? error.code : 'internal';
            return trace;
        },
    };
}
//# sourceMappingURL=record-turn.js.map