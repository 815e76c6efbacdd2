import { messageTimeOf } from '@callable-flows/protocol';
import type { Message } from './message.js';

// When a stored message was made (epoch ms), as the session keeps it: `metadata.at` (the
// protocol's `messageTimeOf` reads it, for the kit and the client alike). The session's, not the
// conversation's: a model is never given it.

/** When `message` was stored (epoch ms); undefined for one not stored yet, or stored before messages had times. */
export const messageTime = (message: Message): number | undefined => messageTimeOf(message);

/** `message` stamped as made at `at` (a copy; its other metadata kept). */
export function withMessageTime(message: Message, at: number): Message {
  return { ...message, metadata: { ...message.metadata, at } };
}

/** `message` as a model is given it: without the time the session stored it at (itself when it has none). */
export function withoutMessageTime(message: Message): Message {
  const metadata = message.metadata;
  if (metadata === undefined || !('at' in metadata)) return message;
  const { at: _at, ...rest } = metadata;
  const { metadata: _metadata, ...bare } = message;
  return Object.keys(rest).length ? { ...bare, metadata: rest } : bare;
}
