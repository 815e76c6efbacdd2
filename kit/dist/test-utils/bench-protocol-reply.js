const ROUND = /^([A-Za-z_][\w.-]*)\*(\d+)$/;
/** `lookup*1 > lookup*8` as rounds; undefined when the text is not a script. */
export function parseScript(text) {
    if (!text.startsWith('script:'))
        return undefined;
    return text
        .slice('script:'.length)
        .split('>')
        .map((round) => {
        const match = ROUND.exec(round.trim());
        if (!match)
            throw new Error(`bad script round '${round.trim()}': expected tool*count`);
        return { tool: match[1], count: Number(match[2]) };
    });
}
function lastUserIndex(messages) {
    for (let i = messages.length - 1; i >= 0; i--)
        if (messages[i]?.role === 'user')
            return i;
    return -1;
}
function textOfParts(content) {
    let text = '';
    for (const part of content)
        if ('text' in part && part.metadata?.purpose === undefined)
            text += part.text;
    return text;
}
/**
 * The reply of the benchmark protocol's scripted model (docs/bench-protocol.md): decided from
 * the request's messages alone, so a resumed or replayed conversation gets the same answer.
 */
export function benchProtocolReply(request) {
    const messages = request.messages;
    const userIndex = lastUserIndex(messages);
    const instruction = userIndex >= 0 ? textOfParts(messages[userIndex].content) : '';
    const rounds = parseScript(instruction);
    if (!rounds)
        return { message: { role: 'model', content: [{ text: `echo: ${instruction}` }] }, finishReason: 'stop' };
    let round = 0;
    let results = 0;
    for (let i = userIndex + 1; i < messages.length; i++) {
        const message = messages[i];
        if (message.role === 'model')
            round++;
        else if (message.role === 'tool')
            for (const part of message.content)
                if ('toolResponse' in part)
                    results++;
    }
    const next = rounds[round];
    if (next) {
        const content = [];
        for (let i = 0; i < next.count; i++) {
            const id = `r${round}.${i}`;
            content.push({ toolRequest: { name: next.tool, ref: id, input: { id } } });
        }
        return { message: { role: 'model', content }, finishReason: 'stop' };
    }
    const text = `done: ${rounds.length} tool round(s), ${results} tool result(s)`;
    return { message: { role: 'model', content: [{ text }] }, finishReason: 'stop' };
}
//# sourceMappingURL=bench-protocol-reply.js.map