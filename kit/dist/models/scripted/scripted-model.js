import { KitError, throwIfAborted } from '../../errors/index.js';
import { defineModel, sleep, } from '../../model/index.js';
const SUPPORTS = {
    multiturn: true,
    tools: true,
    media: true,
    systemRole: true,
    toolChoice: true,
    constrained: 'none',
    output: ['text', 'json'],
};
function toResponse(step) {
    if (typeof step !== 'string')
        return step;
    return { message: { role: 'model', content: [{ text: step }] }, finishReason: 'stop' };
}
function streamParts(content, onChunk) {
    for (const part of content) {
        if ('text' in part && part.metadata === undefined) {
            for (const word of part.text.match(/\S+\s*|\s+/g) ?? [])
                onChunk({ content: [{ text: word }] });
        }
        else {
            onChunk({ content: [part] });
        }
    }
}
/**
 * The deterministic offline model: with a list it answers from the queue in order; with a
 * function (a reply of the request, e.g. the bench protocol's) it answers what the function says.
 */
export function scriptedModel(script, options = {}) {
    const queue = Array.isArray(script) ? [...script] : undefined;
    const single = Array.isArray(script) ? undefined : script;
    const requests = [];
    const record = options.record !== false;
    let calls = 0;
    const model = defineModel({
        name: options.name ?? 'scripted',
        label: 'Scripted offline model',
        supports: options.supports ?? SUPPORTS,
        stage: 'stable',
    }, async (request, call) => {
        calls++;
        // A snapshot: the loop's list grows after the call.
        if (record)
            requests.push({ ...request, messages: request.messages.slice() });
        throwIfAborted(call.signal, 'model call');
        if (options.delayMs)
            await sleep(options.delayMs, call.signal);
        let step = single;
        if (queue) {
            step = queue.shift();
            if (step === undefined) {
                // The script is the server's setup: running out of it is never the caller's fault.
                throw new KitError('internal', `scripted model '${options.name ?? 'scripted'}' has no answer left for call ${calls}`, { reason: 'SERVER_MISCONFIGURED' });
            }
        }
        const answer = step;
        const response = toResponse(typeof answer === 'function' ? await answer(request, call) : answer);
        if (call.onChunk && options.stream !== false && response.message)
            streamParts(response.message.content, call.onChunk);
        return response;
    });
    return Object.defineProperty(model, 'requests', { value: requests, enumerable: true });
}
//# sourceMappingURL=scripted-model.js.map