/** True when no tool request in `messages[from, cut)` waits for a response at or after `cut`. */
function closedAt(messages, from, cut) {
    const open = new Set();
    for (let i = from; i < cut; i++) {
        for (const part of messages[i].content) {
            if ('toolRequest' in part)
                open.add(`${part.toolRequest.name}\u0000${part.toolRequest.ref ?? ''}`);
            if ('toolResponse' in part)
                open.delete(`${part.toolResponse.name}\u0000${part.toolResponse.ref ?? ''}`);
        }
    }
    return open.size === 0;
}
/**
 * Where to end the summarised part of a history, or undefined when it's not time yet: once
 * more than `triggerTurns` user turns follow `upTo`, everything before the last `keepTurns`
 * turns. Cuts fall on user messages and never between a tool request and its response.
 */
export function summaryCut(history, upTo, keepTurns, triggerTurns) {
    const starts = [];
    for (let i = upTo; i < history.length; i++)
        if (history[i]?.role === 'user')
            starts.push(i);
    if (starts.length <= Math.max(triggerTurns, keepTurns))
        return undefined;
    for (let t = starts.length - Math.max(1, keepTurns); t > 0; t--) {
        const cut = starts[t];
        if (cut > upTo && closedAt(history, upTo, cut))
            return cut;
    }
    return undefined;
}
//# sourceMappingURL=summary-cut.js.map