// A message that did not get through stays on the page as "Not sent" with Retry. This record,
// kept in the tab's sessionStorage, brings it back after a reload, with the same request id, so
// a retry can never run it twice. A tab holds one: sending another message replaces it.

const KEY = 'orderAssistant.unsentMessage';

/** A message of the person's that was not sent, and the conversation it belongs to. */
export interface UnsentMessage {
  /** The session it was for; null for the first message of a new conversation. */
  sessionId: string | null;
  text: string;
  requestId: string;
}

/** The tab's record of its unsent message. */
export interface UnsentStore {
  save(message: UnsentMessage): void;
  clear(): void;
  /** The unsent message of conversation `sessionId` (undefined: a new one), if there is one. */
  of(sessionId: string | undefined): UnsentMessage | undefined;
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

/** The record, in `storage` (the tab's sessionStorage by default). */
export function unsentStore(storage: Storage = window.sessionStorage): UnsentStore {
  return {
    save: (message) => storage.setItem(KEY, JSON.stringify(message)),
    clear: () => storage.removeItem(KEY),
    of(sessionId) {
      let stored: unknown;
      try {
        stored = JSON.parse(storage.getItem(KEY) ?? 'null');
      } catch {
        return undefined;
      }
      return isUnsent(stored) && stored.sessionId === (sessionId ?? null) ? stored : undefined;
    },
  };
}
