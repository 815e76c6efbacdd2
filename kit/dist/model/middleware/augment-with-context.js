import { appendToLastUserMessage, lastUserMessageHasPurpose } from './last-user-message.js';
/** The key a document is cited by: its `ref`, else its `id`, else its position. */
export function citationKey(doc, index) {
    const key = doc.metadata?.ref ?? doc.metadata?.id;
    return typeof key === 'string' || typeof key === 'number' ? String(key) : String(index);
}
/** Renders documents as a list the model can cite by key. */
export function renderDocuments(docs) {
    const lines = docs.map((doc, i) => {
        const text = doc.content.map((p) => ('text' in p ? p.text : '')).join('');
        return `- [${citationKey(doc, i)}]: ${text}`;
    });
    return `\n\nUse the following information to complete your task:\n\n${lines.join('\n')}\n\n`;
}
/** For models that don't read `request.docs`: the documents go into the last user message. */
export function augmentWithContext() {
    return (request, options, next) => {
        if (!request.docs?.length || lastUserMessageHasPurpose(request.messages, 'context')) {
            return next(request, options);
        }
        const part = { text: renderDocuments(request.docs), metadata: { purpose: 'context' } };
        return next({ ...request, messages: appendToLastUserMessage(request.messages, part) }, options);
    };
}
//# sourceMappingURL=augment-with-context.js.map