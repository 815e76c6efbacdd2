/** The text of a list of parts, joined. */
export function textOf(content) {
    let text = '';
    for (const part of content)
        if ('text' in part)
            text += part.text;
    return text;
}
/** The tool request parts of a message. */
export function toolRequestsOf(message) {
    return (message?.content.filter((p) => 'toolRequest' in p) ?? []);
}
/** The tool response parts of a message. */
export function toolResponsesOf(message) {
    return (message?.content.filter((p) => 'toolResponse' in p) ?? []);
}
//# sourceMappingURL=message-content.js.map