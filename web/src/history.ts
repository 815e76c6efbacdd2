import type { SessionStatus } from '@callable-flows/protocol/session-doc';
// A session's stored history as this client reads it: messages of parts (the kit's model
// contract, docs/architecture.md). Only the fields the app shows are typed; the rest is passed over.

/** A part of a stored message. */
export interface HistoryPart {
  text?: string;
  reasoning?: string;
  toolRequest?: { name: string; ref?: string; input?: unknown };
  toolResponse?: { name: string; ref?: string; output?: unknown };
  metadata?: Record<string, unknown>;
}

/** A stored message. */
export interface HistoryMessage {
  role: 'user' | 'model' | 'tool' | 'system';
  content: HistoryPart[];
}

/** Where a session stands (the session document's `status`). */
export type { SessionStatus } from '@callable-flows/protocol/session-doc';

/** A session as the app restores it. */
export interface StoredSession {
  id: string;
  status: SessionStatus;
  history: HistoryMessage[];
}

const isMessage = (value: unknown): value is HistoryMessage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as HistoryMessage).role === 'string' &&
  Array.isArray((value as HistoryMessage).content);

/** The messages of a stored history's lines (one JSON message each); undefined when a line is not one. */
export function parseHistory(lines: readonly string[]): HistoryMessage[] | undefined {
  const messages: HistoryMessage[] = [];
  for (const line of lines) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return undefined;
    }
    if (!isMessage(value)) return undefined;
    messages.push(value);
  }
  return messages;
}
