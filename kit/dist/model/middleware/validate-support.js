import { KitError } from '../../errors/index.js';
/** Why `request` asks for something `supports` rules out, naming the offending part; else undefined. */
export function findUnsupported(request, supports) {
    if (supports.tools === false && request.tools?.length)
        return 'tool use (request.tools)';
    if (supports.toolChoice === false && request.toolChoice && request.toolChoice !== 'auto') {
        return `toolChoice '${request.toolChoice}'`;
    }
    if (supports.multiturn === false) {
        const messages = request.messages.filter((m) => m.role !== 'system').length;
        if (messages > 1)
            return `multi-turn conversations (request.messages has ${messages} messages)`;
    }
    for (const kind of ['media', 'data']) {
        if (supports[kind] !== false)
            continue;
        for (let m = 0; m < request.messages.length; m++) {
            const content = request.messages[m]?.content ?? [];
            for (let p = 0; p < content.length; p++) {
                if (kind in content[p])
                    return `${kind} parts (request.messages[${m}].content[${p}])`;
            }
        }
    }
    return undefined;
}
/** Fails fast, before any network call, when a request needs what the model can't do. */
export function validateSupport(modelName, supports) {
    return (request, options, next) => {
        const unsupported = findUnsupported(request, supports);
        if (unsupported) {
            return Promise.reject(new KitError('invalid-argument', `model '${modelName}' does not support ${unsupported}`, {
                details: { model: modelName, unsupported },
            }));
        }
        return next(request, options);
    };
}
//# sourceMappingURL=validate-support.js.map