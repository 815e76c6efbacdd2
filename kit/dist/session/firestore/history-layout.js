import { historyLines } from '@callable-flows/protocol';
import { KitError } from '../../errors/index.js';
import { MessageSchema } from '../../model/index.js';
/** The default limits: a session document stays under ~400 KiB, a chunk under 800 KiB. */
export const DEFAULT_HISTORY_LIMITS = { tailUnits: 96 * 1024, chunkUnits: 256 * 1024 };
/** The empty layout. */
export const EMPTY_LAYOUT = { length: 0, sealed: 0, chunks: [] };
const lineOf = (message) => `${JSON.stringify(message)}\n`;
/** How many leading messages two histories share (by identity: stored messages are never edited in place). */
function sharedPrefix(a, b) {
    const n = Math.min(a.length, b.length);
    let i = 0;
    while (i < n && a[i] === b[i])
        i++;
    return i;
}
/** Cuts `text` into pieces of at most `units`, never between the halves of a surrogate pair. */
function pieces(text, units) {
    const out = [];
    let at = 0;
    while (at < text.length) {
        let end = Math.min(at + units, text.length);
        const code = text.charCodeAt(end - 1);
        if (end < text.length && code >= 0xd800 && code <= 0xdbff)
            end--;
        out.push(text.slice(at, end));
        at = end;
    }
    return out;
}
/** Packs lines (the first is message `first`) into chunk texts, whole lines where they fit. */
function pack(lines, first, units) {
    const texts = [];
    const starts = [];
    let open = '';
    let openStart = -1;
    const flush = () => {
        if (openStart < 0)
            return;
        texts.push(open);
        starts.push(openStart);
        open = '';
        openStart = -1;
    };
    lines.forEach((line, i) => {
        if (line.length > units) {
            flush();
            pieces(line, units).forEach((piece, p) => {
                texts.push(piece);
                starts.push(p === 0 ? first + i : -1);
            });
            return;
        }
        if (openStart >= 0 && open.length + line.length > units)
            flush();
        if (openStart < 0)
            openStart = first + i;
        open += line;
    });
    flush();
    return { texts, starts };
}
/**
 * Plans the write that turns the stored history (`before`, laid out as `layout`) into `next`.
 * Appending writes only the tail (and seals it into chunks once it is large); replacing a
 * sealed message re-writes from the chunk that holds it.
 */
export function planHistory(layout, before, next, limits = DEFAULT_HISTORY_LIMITS) {
    const keep = sharedPrefix(before, next);
    let sealed = layout.sealed;
    let chunks = layout.chunks;
    const dropped = [];
    if (keep < sealed) {
        const from = chunks.findLastIndex((start) => start >= 0 && start <= keep);
        for (let i = from; i < chunks.length; i++)
            dropped.push(i);
        sealed = chunks[from];
        chunks = chunks.slice(0, from);
    }
    else {
        chunks = [...chunks];
    }
    let lines = next.slice(sealed).map(lineOf);
    const put = new Map();
    const tailUnits = lines.reduce((sum, line) => sum + line.length, 0);
    if (tailUnits > limits.tailUnits) {
        // The newest message stays in the tail when it fits: it is the one a resume restamps.
        const last = lines.at(-1);
        const count = last.length <= limits.tailUnits ? lines.length - 1 : lines.length;
        const packed = pack(lines.slice(0, count), sealed, limits.chunkUnits);
        for (const [i, text] of packed.texts.entries())
            put.set(chunks.length + i, text);
        chunks.push(...packed.starts);
        sealed += count;
        lines = lines.slice(count);
    }
    return {
        layout: { length: next.length, sealed, chunks },
        tailLines: lines,
        keep,
        put,
        remove: dropped.filter((i) => !put.has(i)),
    };
}
/** Reads a history back from its chunk texts (in order) and tail; `data-loss` if they don't agree. */
export function readHistory(layout, chunkTexts, tail) {
    const lines = historyLines(layout, chunkTexts, tail);
    if (!lines) {
        const found = (chunkTexts.join('') + tail).split('\n').length - 1;
        throw new KitError('data-loss', `stored history has ${found} message(s) in ${chunkTexts.length} chunk(s); expected ${layout.length} in ${layout.chunks.length}`);
    }
    return lines.map((line, i) => {
        let value;
        try {
            value = JSON.parse(line);
        }
        catch {
            throw new KitError('data-loss', `stored history message ${i} is not JSON`);
        }
        const parsed = MessageSchema.safeParse(value);
        if (!parsed.success)
            throw new KitError('data-loss', `stored history message ${i} is not a valid message`);
        return parsed.data;
    });
}
//# sourceMappingURL=history-layout.js.map