import { z } from 'zod';
import { KitError } from '../errors/index.js';
import { isPlainMessage, type Message, MessageSchema } from '../model/index.js';

// Messages are checked once: a long conversation passed again on every turn costs nothing for
// the part already seen. Messages the kit builds itself are added as they are made.
const checked = new WeakSet<Message>();

/** Marks a message the kit built itself as valid. */
export function markChecked(message: Message): Message {
  checked.add(message);
  return message;
}

/** Throws `invalid-argument` naming the first malformed message; a message seen before is skipped. */
export function validateMessages(messages: readonly Message[]): void {
  for (let i = 0; i < messages.length; i++) {
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
}
