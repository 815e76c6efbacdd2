import { askedInputDigest, askedOf, isWaiting } from '../call-state/index.js';
function frameToolRequest(part) {
    const { name, ref, input, partial } = part.toolRequest;
    // A partial request is still being streamed; the complete one follows.
    if (partial)
        return undefined;
    if (isWaiting(part)) {
        const metadata = askedOf(part) ?? true;
        return {
            type: 'interrupt',
            ref: ref ?? '',
            name,
            input: input ?? null,
            metadata,
            inputDigest: askedInputDigest(part),
        };
    }
    return ref === undefined
        ? { type: 'toolRequest', name, input: input ?? null }
        : { type: 'toolRequest', ref, name, input: input ?? null };
}
function frameModelPart(part) {
    if ('text' in part)
        return part.text ? { type: 'text', text: part.text } : undefined;
    if ('reasoning' in part)
        return part.reasoning ? { type: 'reasoning', text: part.reasoning } : undefined;
    if ('toolRequest' in part)
        return frameToolRequest(part);
    return undefined;
}
function frameToolPart(part) {
    if (!('toolResponse' in part))
        return undefined;
    const { name, ref, output } = part.toolResponse;
    return { type: 'toolResponse', ref: ref ?? '', name, output: output ?? null };
}
/**
 * The wire chunks of one generate chunk. Model chunks carry text, reasoning and tool requests
 * (an interrupt is a model chunk whose tool request is stamped `metadata.interrupt`); tool
 * chunks carry tool responses. Media, data and aggregated repeats are not streamed: the
 * final result has them.
 */
export function frameChunk(chunk) {
    if (chunk.aggregated)
        return [];
    const frame = chunk.role === 'tool' ? frameToolPart : chunk.role === 'model' || !chunk.role ? frameModelPart : undefined;
    if (!frame)
        return [];
    const wire = [];
    for (const part of chunk.content) {
        const framed = frame(part);
        if (framed)
            wire.push(framed);
    }
    return wire;
}
//# sourceMappingURL=frame-chunk.js.map