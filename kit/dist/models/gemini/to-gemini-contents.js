import { toGeminiPart } from './to-gemini-part.js';
function toParts(message, context) {
    const parts = [];
    for (const part of message.content) {
        const converted = toGeminiPart(part, context);
        if (converted)
            parts.push(converted);
    }
    return parts;
}
/**
 * Converts messages: system messages become the system instruction (never history), model
 * turns stay `model`, and user and tool turns are `user` turns (tool results as function
 * responses). A turn left with no parts is dropped, since Gemini refuses empty turns.
 */
export function toGeminiContents(messages, names) {
    const context = { names, echoedIds: new Set() };
    const contents = [];
    const system = [];
    for (const message of messages) {
        const parts = toParts(message, context);
        if (message.role === 'system')
            system.push(...parts);
        else if (parts.length)
            contents.push({ role: message.role === 'model' ? 'model' : 'user', parts });
    }
    const result = { contents };
    if (system.length)
        result.systemInstruction = { parts: system };
    return result;
}
//# sourceMappingURL=to-gemini-contents.js.map