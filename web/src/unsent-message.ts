// A message that did not get through stays on the page as "Not sent" with Retry. This record,
// kept in the tab's sessionStorage, brings it back after a reload, with the same request id, so
// a retry can never run it twice. A new message typed instead of Retry leaves it where it is:
// the record holds every unsent message of the tab, each under its request id, and is kept per
// agent (its callable), so a tab that switches to a kit instance never retries another's messages.

/** A message of the person's that was not sent, and the conversation it belongs to. */
export interface UnsentMessage {
  /** The session it was for; null for the first message of a new conversation. */
  sessionId: string | null;
  text: string;
  requestId: string;
}

/** The tab's record of its unsent messages. */
export interface UnsentStore {
  /** Keeps `message` (in place of a record of the same request id). */
  save(message: UnsentMessage): void;
  /** Forgets the message of `requestId` (it got there, or the person took it back). */
  remove(requestId: string): void;
  /** Forgets them all (the page starts over). */
  clear(): void;
  /** The unsent messages of conversation `sessionId` (undefined: a new one), oldest first. */
  of(sessionId: string | undefined): UnsentMessage[];
}

const isUnsent = (value: unknown): value is UnsentMessage => {
  const message = value as UnsentMessage | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    (message.sessionId === null || typeof message.sessionId === 'string') &&
    typeof message.text === 'string' &&
    typeof message.requestId === 'string'
  );
};

/** The record of the agent whose callable is `callable`, in `storage` (the tab's sessionStorage by default). */
export function unsentStore(storage: Storage = window.sessionStorage, callable = 'orderAssistant'): UnsentStore {
  const KEY = `${callable}.unsentMessages`;
  const read = (): UnsentMessage[] => {
    let stored: unknown;
    try {
      stored = JSON.parse(storage.getItem(KEY) ?? '[]');
    } catch {
      return [];
    }
    return Array.isArray(stored) ? stored.filter(isUnsent) : [];
  };
  const write = (messages: UnsentMessage[]): void => {
    if (messages.length === 0) storage.removeItem(KEY);
    else storage.setItem(KEY, JSON.stringify(messages));
  };
  return {
    save(message) {
      const kept = read();
      const at = kept.findIndex((old) => old.requestId === message.requestId);
      if (at >= 0) kept[at] = message;
      else kept.push(message);
      write(kept);
    },
    remove: (requestId) => write(read().filter((kept) => kept.requestId !== requestId)),
    clear: () => storage.removeItem(KEY),
    of: (sessionId) => read().filter((kept) => kept.sessionId === (sessionId ?? null)),
  };
}
