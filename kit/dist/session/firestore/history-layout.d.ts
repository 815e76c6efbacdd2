import { type HistoryLayout } from '@callable-flows/protocol';
import { type Message } from '../../model/index.js';
/** Size limits of the layout, in UTF-16 code units. */
export interface HistoryLimits {
    /** The tail is sealed once it grows past this (≤ 3× bytes: 288 KiB by default). */
    tailUnits: number;
    /** Most units in one chunk document (≤ 3× bytes: 768 KiB by default). */
    chunkUnits: number;
}
/** The default limits: a session document stays under ~400 KiB, a chunk under 800 KiB. */
export declare const DEFAULT_HISTORY_LIMITS: HistoryLimits;
export type { HistoryLayout } from '@callable-flows/protocol';
/** What to write to store `next`: the new layout and tail, chunk documents to put and to delete. */
export interface HistoryPlan {
    layout: HistoryLayout;
    /** The tail as lines: message `layout.sealed + i` is `tailLines[i]`. */
    tailLines: string[];
    /** How many leading messages `next` shares with the stored history (they need no write). */
    keep: number;
    put: Map<number, string>;
    remove: number[];
}
/** The empty layout. */
export declare const EMPTY_LAYOUT: HistoryLayout;
/**
 * Plans the write that turns the stored history (`before`, laid out as `layout`) into `next`.
 * Appending writes only the tail (and seals it into chunks once it is large); replacing a
 * sealed message re-writes from the chunk that holds it.
 */
export declare function planHistory(layout: HistoryLayout, before: readonly Message[], next: readonly Message[], limits?: HistoryLimits): HistoryPlan;
/** Reads a history back from its chunk texts (in order) and tail; `data-loss` if they don't agree. */
export declare function readHistory(layout: HistoryLayout, chunkTexts: readonly string[], tail: string): Message[];
