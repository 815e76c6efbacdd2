import type { Message } from '../model/index.js';
import { journalOf } from './session-branches.js';
import type { Session } from './session-schema.js';

/**
 * Heap bytes per character of a session's JSON: parsed objects, their property names, arrays
 * and strings cost up to this much more than their text (3.2 measured by `npm run bench --
 * memory` for a history of short tool-calling turns, about 1 for long texts).
 */
export const HEAP_BYTES_PER_JSON_CHAR = 3.25;
/** What every cached entry costs beside its JSON (the record, the cache's own node, the session's arrays). */
const ENTRY_OVERHEAD_BYTES = 2048;

// Messages are immutable and shared by every version of a session that holds them, so each is
// measured once: a warm turn measures only the messages it added.
const messageChars = new WeakMap<Message, number>();

function charsOf(message: Message): number {
  let chars = messageChars.get(message);
  if (chars === undefined) {
    chars = JSON.stringify(message).length;
    messageChars.set(message, chars);
  }
  return chars;
}

/** The estimated heap bytes of `session` in memory (for a cache bounded by bytes). */
export function sessionBytes(session: Session): number {
  let chars = 0;
  // Every stored message once: a forked session's head shares its first messages with the branch it left.
  for (const message of journalOf(session)) chars += charsOf(message);
  const { history: _history, branches, ...rest } = session;
  if (branches) chars += JSON.stringify(branches.list).length;
  chars += JSON.stringify(rest).length;
  return Math.ceil(ENTRY_OVERHEAD_BYTES + chars * HEAP_BYTES_PER_JSON_CHAR);
}
