import { openRoundOf } from '../call-state/index.js';
import { KitError, throwIfAborted } from '../errors/index.js';
import { markCheckedList, textOf, toolRequestsOf, } from '../model/index.js';
import { KIT_ATTR, runInSpan, startKitSpan } from '../telemetry/index.js';
import { addUsage } from './add-usage.js';
import { applyResume } from './apply-resume.js';
import { baseRequest, initialMessages } from './build-request.js';
import { callModel } from './call-model.js';
import { dataOf, extractJson, parseOutput } from './parse-output.js';
import { repliesOfOptions } from './resume-reply.js';
import { runOpenRound } from './run-open-round.js';
import { isStopMet, stopToolResult } from './stop-condition.js';
import { toToolMap } from './to-tool-map.js';
/** Default number of tool rounds in one generation. */
export const DEFAULT_MAX_TURNS = 5;
function finish(state, options, ending) {
    const message = state.messages.findLast((m) => m.role === 'model');
    const text = message ? textOf(message.content) : '';
    let output;
    if (ending.stopResponse)
        output = ending.stopResponse.toolResponse.output;
    else if (ending.finishReason === 'stop' && !ending.toolRequests?.length) {
        // A model may answer with a data part: it is the output, before any JSON in the text.
        if (options.output?.schema)
            output = parseOutput(text, options.output.schema, message?.content);
        else if (options.output?.format === 'json')
            output = dataOf(message?.content)?.value ?? extractJson(text);
    }
    const result = {
        message,
        messages: state.messages,
        text,
        output: output,
        finishReason: ending.finishReason,
        interrupts: ending.interrupts ?? [],
        toolRequests: ending.toolRequests ?? [],
        usage: state.usage,
        rounds: state.roundCount,
        latencyMs: performance.now() - state.started,
    };
    if (ending.finishMessage !== undefined)
        result.finishMessage = ending.finishMessage;
    // Passed back as it is (a resume), the list is not walked again.
    markCheckedList(state.messages);
    return result;
}
function toolResponseEmitter(onChunk, index) {
    return onChunk && ((response) => onChunk({ index, role: 'tool', content: [response] }));
}
/** The tool requests of a model message, in one pass (no intermediate list of parts). */
function toolCallsOf(message) {
    const calls = [];
    for (const part of message.content)
        if ('toolRequest' in part)
            calls.push(part.toolRequest);
    return calls;
}
/** Replaces the last message (the model message a round or a resume revised). */
function replaceLast(state, message) {
    state.messages[state.messages.length - 1] = message;
}
/**
 * Settles the open round that ends the conversation, then either ends the generation
 * (interrupted, or stopped by a stop tool or `stopWhen`) or leaves the tool message appended
 * for the next model call.
 */
async function settleRound(state, scope, modelIndex) {
    const message = state.messages[state.messages.length - 1];
    const round = await runOpenRound(message, scope.toolScope, {
        onResponse: toolResponseEmitter(scope.onChunk, state.index),
        onToolResult: scope.options.onToolResult,
    });
    replaceLast(state, round.message);
    const observer = scope.options.observer;
    if (observer) {
        const toolCalls = toolRequestsOf(round.message).length;
        observer({ type: 'round-settled', interrupted: round.interruptedMessage !== undefined, toolCalls });
    }
    if (round.interruptedMessage) {
        scope.onChunk?.({ index: modelIndex, role: 'model', content: round.interrupts });
        return finish(state, scope.options, { finishReason: 'interrupted', interrupts: round.interrupts });
    }
    state.messages.push(round.toolMessage);
    state.index++;
    const record = {
        message: round.message,
        toolCalls: toolCallsOf(round.message),
        // Every part of a round's tool message is a response (runOpenRound builds it so).
        toolResults: round.toolMessage.content.slice(),
    };
    state.rounds.push(record);
    const stopResponse = stopToolResult(record, scope.toolScope.tools);
    if (stopResponse)
        return finish(state, scope.options, { finishReason: 'stop', stopResponse });
    if (isStopMet(scope.options.stopWhen, state.rounds))
        return finish(state, scope.options, { finishReason: 'stop' });
    return undefined;
}
/**
 * Runs the generate loop: model → tools in parallel → model …, until the model answers, a
 * tool interrupts or stops the loop, `stopWhen` holds, or `maxTurns` tool rounds are spent.
 * With `resume`, the open round that ends `messages` is answered and settled first, before
 * the model is called. `onModelResponse` and `onToolResult` see every step as it happens.
 */
export async function generate(options) {
    const state = { messages: [], rounds: [], usage: {}, roundCount: 0, index: 0, started: performance.now() };
    const tools = toToolMap(options.tools);
    state.messages = initialMessages(options);
    // One request for the whole generation: its messages are the loop's own list, which grows in
    // place (a request's messages are valid for the call, see `Model`; the loop appends only after
    // the model has answered), so a model call builds no request of its own.
    const request = { ...baseRequest(options, tools), messages: state.messages };
    const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
    const onChunk = options.onChunk;
    const toolScope = {
        tools,
        context: options.context ?? {},
        signal: options.signal,
        middleware: options.toolMiddleware ?? [],
        state: options.state,
        observer: options.observer,
    };
    const scope = { options, toolScope, onChunk };
    const modelScope = {
        model: options.model,
        use: options.use ?? [],
        signal: options.signal,
        onChunk,
        observer: options.observer,
    };
    if (options.resume) {
        const last = openRoundOf(state.messages);
        if (!last) {
            throw new KitError('failed-precondition', 'nothing to resume: the conversation does not end with an open tool round', {
                reason: 'NOTHING_TO_RESUME',
            });
        }
        replaceLast(state, applyResume(last, repliesOfOptions(options.resume), tools));
        const ended = await settleRound(state, scope, 0);
        if (ended)
            return ended;
    }
    for (let rounds = 0;; rounds++) {
        // Each round is a span when something records it: its model and tool calls nest in it.
        // Untraced, the round runs as it is (no name, attributes or closure built for a no-op span).
        const span = startKitSpan(`round ${rounds}`);
        const ended = span
            ? await runInSpan(span, { attributes: () => ({ [KIT_ATTR.round]: rounds }) }, () => runRound(state, scope, modelScope, request, rounds, maxTurns))
            : await runRound(state, scope, modelScope, request, rounds, maxTurns);
        if (ended)
            return ended;
    }
}
/** One round: a model call, then the tools it asked for; the result when the generation ends here. */
async function runRound(state, scope, modelScope, request, rounds, maxTurns) {
    const { options } = scope;
    const modelIndex = state.index++;
    // Awaited only when given: an `await` of undefined still costs a promise and a suspension.
    const prepared = options.prepareStep
        ? await options.prepareStep({ round: rounds, messages: state.messages })
        : undefined;
    const stepScope = prepared?.model ? { ...modelScope, model: prepared.model, composed: undefined } : modelScope;
    const stepRequest = prepared ? preparedRequest(request, prepared) : request;
    const response = await callModel(stepRequest, modelIndex, stepScope);
    state.roundCount++;
    addUsage(state.usage, response.usage);
    // A model that finished anyway must not start tools for a caller who has gone.
    throwIfAborted(options.signal, 'generate');
    if (!response.message) {
        return finish(state, options, { finishReason: response.finishReason, finishMessage: response.finishMessage });
    }
    const message = response.message;
    state.messages.push(message);
    if (options.onModelResponse)
        await options.onModelResponse({ round: rounds, message, messages: state.messages });
    const requests = toolRequestsOf(message);
    if (!requests.length || options.returnToolRequests) {
        return finish(state, options, {
            finishReason: response.finishReason,
            finishMessage: response.finishMessage,
            toolRequests: requests,
        });
    }
    if (rounds >= maxTurns) {
        return finish(state, options, {
            finishReason: 'aborted',
            finishMessage: `stopped after ${maxTurns} tool round(s) (maxTurns): the model still wanted to call ${requests
                .map((r) => r.toolRequest.name)
                .join(', ')}`,
        });
    }
    return settleRound(state, scope, modelIndex);
}
/** The request of one step as `prepareStep` changed it. */
function preparedRequest(request, prepared) {
    const next = { ...request };
    if (prepared.activeTools && request.tools) {
        const active = new Set(prepared.activeTools);
        next.tools = request.tools.filter((t) => active.has(t.name));
    }
    if (prepared.toolChoice)
        next.toolChoice = prepared.toolChoice;
    if (prepared.config)
        next.config = { ...request.config, ...prepared.config };
    return next;
}
//# sourceMappingURL=generate.js.map