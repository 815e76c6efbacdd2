import { type Message } from './message.js';
/** Marks a list of valid messages (one the kit returns, or a history it built) as checked up to its current length. */
export declare function markCheckedList(messages: readonly Message[]): void;
/**
 * Throws `invalid-argument` naming the first malformed message; the part of a list checked
 * before (one of the last few checked) is skipped.
 */
export declare function validateMessages(messages: readonly Message[]): void;
