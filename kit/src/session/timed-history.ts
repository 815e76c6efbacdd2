import { type Message, messageTime, withMessageTime } from '../model/index.js';
import { sharedPrefix } from './shared-prefix.js';

/**
 * The timed copies one turn made (by the message given): a later write of the same message gives
 * the same copy, so the store sees the message it holds and never writes it again.
 */
export type TimedCopies = Map<Message, Message>;

function timed(message: Message, replaced: Message | undefined, now: number, copies: TimedCopies | undefined): Message {
  if (messageTime(message) !== undefined) return message;
  const copy = copies?.get(message);
  if (copy) return copy;
  // A message in the place of a stored one revises it (an answer stamped on its call, a round
  // closed): it keeps that one's time, or none for a message stored before messages had times.
  const at = replaced === undefined ? now : messageTime(replaced);
  if (at === undefined) return message;
  const stamped = withMessageTime(message, at);
  copies?.set(message, stamped);
  return stamped;
}

/**
 * `next`, the history a write stores in place of `before`, with a time (`metadata.at`) on each
 * message it adds: the write's own `now`, so a message's time rides the write that first stores
 * it (no write of its own). A message it revises in place keeps the time of the one it replaces;
 * the messages `before` holds are given back as they are. `next` itself when nothing needs one.
 */
export function timedHistory(
  before: readonly Message[],
  next: Message[],
  now: number,
  copies?: TimedCopies,
): Message[] {
  let out: Message[] | undefined;
  for (let i = sharedPrefix(before, next); i < next.length; i++) {
    const message = next[i] as Message;
    const stamped = timed(message, before[i], now, copies);
    if (stamped === message) continue;
    out ??= next.slice();
    out[i] = stamped;
  }
  return out ?? next;
}
