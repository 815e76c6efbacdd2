import { frameChunk } from './frame-chunk.js';
/**
 * The `onChunk` of a call: frames each generate chunk as wire chunks and sends them, or
 * undefined when the client did not ask to stream (nothing is framed for nobody).
 */
export function chunkSender(request, response) {
    if (!request.acceptsStreaming || !response)
        return undefined;
    return (chunk) => {
        for (const wire of frameChunk(chunk)) {
            // A failed write means the client is gone; response.signal aborts the turn for that.
            response.sendChunk(wire).catch(() => { });
        }
    };
}
//# sourceMappingURL=chunk-sender.js.map