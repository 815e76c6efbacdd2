/** A generateContent body with one candidate made of `parts` (finishReason STOP unless told). */
export function geminiResponse(parts, options = {}) {
    const candidate = { content: { role: 'model', parts }, index: 0, ...options.candidate };
    const finishReason = 'finishReason' in options ? options.finishReason : 'STOP';
    if (finishReason !== undefined)
        candidate.finishReason = finishReason;
    const body = { candidates: [candidate], modelVersion: 'fake-gemini' };
    body.responseId = options.responseId ?? 'resp-1';
    if (options.usage)
        body.usageMetadata = options.usage;
    return body;
}
/** A generateContent body that answers `text`. */
export function geminiText(text, options = {}) {
    return geminiResponse([{ text }], options);
}
/**
 * Stream events that spell `text` word by word, the last one carrying the finish reason
 * (STOP unless told; `finishReason: undefined` for a stream that never says why it ended).
 */
export function geminiTextChunks(text, options = {}) {
    const words = text.match(/\S+\s*|\s+/g) ?? [text];
    const last = 'finishReason' in options ? options.finishReason : 'STOP';
    return words.map((word, i) => geminiResponse([{ text: word }], { ...options, finishReason: i === words.length - 1 ? last : undefined }));
}
//# sourceMappingURL=gemini-json.js.map