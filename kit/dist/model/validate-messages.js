import { z } from 'zod';
import { KitError } from '../errors/index.js';
import { MessageSchema } from './message.js';
import { isPlainMessage } from './plain-response.js';
/**
 * How many checked lists are remembered. A list is passed again soon after its check, or not at
 * all: the list a generation returned, given back with a resume; the history a turn hands to
 * generate; the same history on every call. The lists are held strongly (at most this many
 * conversations kept alive a while longer), not in a weak map: V8 keeps a weak entry's young key
 * and value through the next scavenge, so an entry per generation made every scavenge copy a
 * thousand generations' messages (15–20× its time on the interrupt workloads).
 */
const REMEMBERED = 4;
/** The lists checked last, newest first, with how far each was checked and the message that ended that part. */
const lists = new Array(REMEMBERED).fill(undefined);
const lengths = new Array(REMEMBERED).fill(0);
const lasts = new Array(REMEMBERED).fill(undefined);
/** Moves entry `from` (or, at REMEMBERED, a new entry in place of the oldest) to the front. */
function toFront(from, list, length, last) {
    for (let i = Math.min(from, REMEMBERED - 1); i > 0; i--) {
        lists[i] = lists[i - 1];
        lengths[i] = lengths[i - 1];
        lasts[i] = lasts[i - 1];
    }
    lists[0] = list;
    lengths[0] = length;
    lasts[0] = last;
}
const slotOf = (list) => lists.indexOf(list);
/** Marks a list of valid messages (one the kit returns, or a history it built) as checked up to its current length. */
export function markCheckedList(messages) {
    const slot = slotOf(messages);
    toFront(slot < 0 ? REMEMBERED : slot, messages, messages.length, messages.at(-1));
}
/** Where checking `messages` starts: after the prefix checked before, if it still ends the same way. */
function firstUnchecked(messages) {
    const slot = slotOf(messages);
    if (slot < 0)
        return 0;
    const length = lengths[slot];
    // A list cut and refilled since is walked again; a message replaced in place inside the
    // checked prefix is not looked at again (the kit never does that; build a new list instead).
    if (length > messages.length || (length > 0 && messages[length - 1] !== lasts[slot]))
        return 0;
    toFront(slot, messages, length, lasts[slot]);
    return length;
}
/**
 * Throws `invalid-argument` naming the first malformed message; the part of a list checked
 * before (one of the last few checked) is skipped.
 */
export function validateMessages(messages) {
    // No history (a first call): nothing to walk or to remember.
    if (!messages.length)
        return;
    const first = firstUnchecked(messages);
    if (first === messages.length)
        return;
    for (let i = first; i < messages.length; i++) {
        const message = messages[i];
        // The common message is checked by hand; the schema parses the rest and words the error.
        if (isPlainMessage(message))
            continue;
        const parsed = MessageSchema.safeParse(message);
        if (!parsed.success) {
            throw new KitError('invalid-argument', `invalid messages[${i}]: ${z.prettifyError(parsed.error)}`);
        }
    }
    markCheckedList(messages);
}
//# sourceMappingURL=validate-messages.js.map