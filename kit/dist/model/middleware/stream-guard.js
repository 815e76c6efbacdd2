/**
 * Wraps `options.onChunk` to note whether anything was streamed. A call that already sent
 * chunks to the caller can't be repeated silently: the caller would see the text twice.
 */
export function trackStreaming(options) {
    const onChunk = options.onChunk;
    if (!onChunk)
        return { options, streamed: () => false };
    let streamed = false;
    return {
        options: {
            ...options,
            onChunk: (chunk) => {
                streamed = true;
                onChunk(chunk);
            },
        },
        streamed: () => streamed,
    };
}
//# sourceMappingURL=stream-guard.js.map