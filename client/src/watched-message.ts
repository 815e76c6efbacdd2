import { messageTimeOf } from '@callable-flows/protocol/session-doc';

// The stored messages of a session as this client reads them: messages of parts (the kit's model
// contract). Only the fields an app shows are typed; the rest is passed over.

/** A part of a stored message. Only the fields an app shows are typed; the rest is passed over. */
export interface WatchedPart {
  text?: string;
  reasoning?: string;
  toolRequest?: { name: string; ref?: string; input?: unknown };
  toolResponse?: { name: string; ref?: string; output?: unknown };
  metadata?: Record<string, unknown>;
}

/** A stored message (system prompts are never stored). */
export interface WatchedMessage {
  role: 'user' | 'model' | 'tool';
  content: WatchedPart[];
  /**
   * When it was stored (epoch ms): a user's message when the server took it, a model's message or
   * a tool message when its turn journaled it. Absent for a message stored before messages had times.
   */
  at?: number;
  /** The kit's notes on the message: `handoff` ({ from, to, at }) on the model message that handed the conversation to another agent. */
  metadata?: Record<string, unknown>;
}

const isMessage = (value: unknown): value is WatchedMessage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as WatchedMessage).role === 'string' &&
  Array.isArray((value as WatchedMessage).content);

/** The messages of a history's lines; undefined when a line is not one. */
export function parseMessages(lines: readonly string[]): WatchedMessage[] | undefined {
  const messages: WatchedMessage[] = [];
  for (const line of lines) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return undefined;
    }
    if (!isMessage(value)) return undefined;
    // Its time as the protocol reads it, as a field of its own: what an app shows beside it.
    const at = messageTimeOf(value);
    if (at !== undefined) value.at = at;
    messages.push(value);
  }
  return messages;
}
