import { z } from 'zod';
import { KitError } from '../errors/index.js';
import { type Message, MessageSchema } from './message.js';
import { isPlainMessage } from './plain-response.js';

// Messages are checked once: a long conversation passed again on every turn costs nothing for
// the part already seen. Messages the kit builds itself are added as they are made.
const checked = new WeakSet<Message>();
// Lists checked before, with the length they had: a list passed again (a resume of the list a
// generation returned, or the same history) is checked from there on, not walked message by message.
const checkedLists = new WeakMap<readonly Message[], number>();

/** Marks a message the kit built itself as valid. */
export function markChecked(message: Message): Message {
  checked.add(message);
  return message;
}

/** Marks a list of valid messages (one the kit returns) as checked up to its current length. */
export function markCheckedList(messages: readonly Message[]): void {
  checkedLists.set(messages, messages.length);
}

/** Where checking `messages` starts: after the prefix checked before, if it still ends the same way. */
function firstUnchecked(messages: readonly Message[]): number {
  const known = checkedLists.get(messages);
  if (known === undefined || known > messages.length) return 0;
  // A list cut and refilled since is walked again; a message replaced in place inside the
  // checked prefix is not looked at again (the kit never does that; build a new list instead).
  return known === 0 || checked.has(messages[known - 1] as Message) ? known : 0;
}

/**
 * Throws `invalid-argument` naming the first malformed message; a message seen before, or the
 * part of a list checked before, is skipped.
 */
export function validateMessages(messages: readonly Message[]): void {
  // No history (a first call): nothing to look up.
  if (!messages.length) return;
  for (let i = firstUnchecked(messages); i < messages.length; i++) {
    const message = messages[i] as Message;
    if (checked.has(message)) continue;
    // The common message is checked by hand; the schema parses the rest and words the error.
    if (isPlainMessage(message)) {
      checked.add(message);
      continue;
    }
    const parsed = MessageSchema.safeParse(message);
    if (!parsed.success) {
      throw new KitError('invalid-argument', `invalid messages[${i}]: ${z.prettifyError(parsed.error)}`);
    }
    checked.add(message);
  }
  checkedLists.set(messages, messages.length);
}
