import { generate } from '../../generate/index.js';
const MAX_VALUE_CHARS = 2000;
function short(value) {
    const text = JSON.stringify(value) ?? 'null';
    return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}
function renderPart(part) {
    if ('text' in part)
        return part.text;
    if ('toolRequest' in part)
        return `[called ${part.toolRequest.name}(${short(part.toolRequest.input)})]`;
    if ('toolResponse' in part)
        return `[${part.toolResponse.name} returned ${short(part.toolResponse.output)}]`;
    if ('media' in part)
        return `[media ${part.media.contentType ?? ''}]`;
    if ('data' in part)
        return `[data ${short(part.data)}]`;
    return '';
}
/** A conversation as plain text for a summariser: who said what, which tools ran with what result. */
export function renderTranscript(messages) {
    return messages.map((m) => `${m.role}: ${m.content.map(renderPart).filter(Boolean).join(' ')}`).join('\n');
}
/** Asks the model for a summary of `messages` (and the previous summary). */
export async function summariseHistory(options) {
    const before = options.previous ? `Summary so far:\n${options.previous}\n\n` : '';
    const result = await generate({
        model: options.model,
        system: options.instructions,
        prompt: `${before}Conversation to add to the summary:\n${renderTranscript(options.messages)}`,
        ...(options.signal ? { signal: options.signal } : {}),
    });
    return { text: result.text.slice(0, options.maxChars), usage: result.usage };
}
//# sourceMappingURL=summarise-history.js.map