import { type HistoryLayout, historyLines } from '@callable-flows/protocol';
import { KitError } from '../../errors/index.js';
import { type Message, MessageSchema } from '../../model/index.js';
import { oncePerEntry } from '../once-per-entry.js';
import { sharedPrefix } from '../shared-prefix.js';
import { storedMessage } from './kept-states.js';

// History is stored as JSON lines, the newest in the session document's tail and older ones
// sealed into chunk documents (the protocol's session-doc describes the layout). Sizes count UTF-16 code units: one unit is at most 3 bytes of UTF-8, so a limit in units
// bounds the bytes too.

/** Size limits of the layout, in UTF-16 code units. */
export interface HistoryLimits {
  /** The tail is sealed once it grows past this (≤ 3× bytes: 288 KiB by default). */
  tailUnits: number;
  /** Most units in one chunk document (≤ 3× bytes: 768 KiB by default). */
  chunkUnits: number;
}

/** The default limits: a session document stays under ~400 KiB, a chunk under 800 KiB. */
export const DEFAULT_HISTORY_LIMITS: HistoryLimits = { tailUnits: 96 * 1024, chunkUnits: 256 * 1024 };

export type { HistoryLayout } from '@callable-flows/protocol';

/** What to write to store `next`: the new layout and tail, chunk documents to put and to delete. */
export interface HistoryPlan {
  layout: HistoryLayout;
  /** The tail's messages: message `layout.sealed + i` is `tail[i]` (its line: {@link lineOf}). */
  tail: readonly Message[];
  /** How many leading messages `next` shares with the stored history (they need no write). */
  keep: number;
  put: Map<number, string>;
  remove: number[];
}

/** The empty layout. */
export const EMPTY_LAYOUT: HistoryLayout = { length: 0, sealed: 0, chunks: [] };

/** A message's history line. A call's kept state never goes into one (a client may read the lines): only its digest does. */
export const lineOf = (message: Message): string => `${JSON.stringify(storedMessage(message))}\n`;

// Only a line's length is kept per message (see once-per-entry): a write sizes the tail without
// converting what it kept, and makes the text of the lines it sends alone (nothing the session
// cache's byte bound doesn't count stays on the heap).
const unitsOf = oncePerEntry((message: Message): number => lineOf(message).length);

/** Cuts `text` into pieces of at most `units`, never between the halves of a surrogate pair. */
function pieces(text: string, units: number): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    let end = Math.min(at + units, text.length);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

/** Packs lines (the first is message `first`) into chunk texts, whole lines where they fit. */
function pack(lines: readonly string[], first: number, units: number): { texts: string[]; starts: number[] } {
  const texts: string[] = [];
  const starts: number[] = [];
  let open = '';
  let openStart = -1;
  const flush = (): void => {
    if (openStart < 0) return;
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
    if (openStart >= 0 && open.length + line.length > units) flush();
    if (openStart < 0) openStart = first + i;
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
export function planHistory(
  layout: HistoryLayout,
  before: readonly Message[],
  next: readonly Message[],
  limits: HistoryLimits = DEFAULT_HISTORY_LIMITS,
): HistoryPlan {
  const keep = sharedPrefix(before, next);
  let sealed = layout.sealed;
  let chunks = layout.chunks;
  const dropped: number[] = [];
  if (keep < sealed) {
    const from = chunks.findLastIndex((start) => start >= 0 && start <= keep);
    for (let i = from; i < chunks.length; i++) dropped.push(i);
    sealed = chunks[from] as number;
    chunks = chunks.slice(0, from);
  } else {
    chunks = [...chunks];
  }
  let tail = next.slice(sealed);
  const put = new Map<number, string>();
  const tailUnits = tail.reduce((sum, message) => sum + unitsOf(message), 0);
  if (tailUnits > limits.tailUnits) {
    // The newest message stays in the tail when it fits: it is the one a resume restamps.
    const last = tail.at(-1) as Message;
    const count = unitsOf(last) <= limits.tailUnits ? tail.length - 1 : tail.length;
    const packed = pack(tail.slice(0, count).map(lineOf), sealed, limits.chunkUnits);
    for (const [i, text] of packed.texts.entries()) put.set(chunks.length + i, text);
    chunks.push(...packed.starts);
    sealed += count;
    tail = tail.slice(count);
  }
  return {
    layout: { length: next.length, sealed, chunks },
    tail,
    keep,
    put,
    remove: dropped.filter((i) => !put.has(i)),
  };
}

/** Reads a history back from its chunk texts (in order) and tail; `data-loss` if they don't agree. */
export function readHistory(layout: HistoryLayout, chunkTexts: readonly string[], tail: string): Message[] {
  const lines = historyLines(layout, chunkTexts, tail);
  if (!lines) {
    const found = (chunkTexts.join('') + tail).split('\n').length - 1;
    throw new KitError(
      'data-loss',
      `stored history has ${found} message(s) in ${chunkTexts.length} chunk(s); expected ${layout.length} in ${layout.chunks.length}`,
    );
  }
  return lines.map((line, i) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new KitError('data-loss', `stored history message ${i} is not JSON`);
    }
    const parsed = MessageSchema.safeParse(value);
    if (!parsed.success) throw new KitError('data-loss', `stored history message ${i} is not a valid message`);
    return parsed.data;
  });
}
