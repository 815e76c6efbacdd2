/** Index of the last user message, or -1. */
function lastUserMessageIndex(messages) {
    for (let i = messages.length - 1; i >= 0; i--) {
        if (messages[i]?.role === 'user')
            return i;
    }
    return -1;
}
/** A copy of `messages` with `part` appended to the last user message (if there is one). */
export function appendToLastUserMessage(messages, part) {
    const index = lastUserMessageIndex(messages);
    if (index < 0)
        return [...messages];
    const copy = [...messages];
    const message = copy[index];
    copy[index] = { ...message, content: [...message.content, part] };
    return copy;
}
/** True when the last user message already carries a part added for `purpose`. */
export function lastUserMessageHasPurpose(messages, purpose) {
    const index = lastUserMessageIndex(messages);
    return index >= 0 && messages[index].content.some((p) => p.metadata?.purpose === purpose);
}
//# sourceMappingURL=last-user-message.js.map