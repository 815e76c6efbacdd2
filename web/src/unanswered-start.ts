import type { SessionSummary } from './session-list.js';

// A tab that started a new conversation learns its session id only from the call's result. If
// the page is reloaded (or the answer is lost) before then, this mark, kept in the tab's
// sessionStorage, tells the next load which conversation to look for: one created since the
// mark was set, that begins with the mark's words. Anything else (an older conversation) is not
// it, and the page stays on the new, unsent message.

const KEY = 'orderAssistant.unansweredStart';

/** A first message whose conversation the page has not heard of yet. */
export interface StartMark {
  /** When it was sent (epoch ms, this device's clock). */
  at: number;
  /** Its words. */
  text: string;
}

/** The tab's mark that a new conversation was started and its id not yet heard. */
export interface UnansweredStart {
  set(text: string): void;
  clear(): void;
  get(): StartMark | undefined;
}

/** How far this device's clock may be behind the server's, which stamps `createdAt`. */
export const CLOCK_SKEW_MS = 60_000;

/**
 * The conversation `mark` started, among the caller's `sessions`: created since the mark (give
 * or take the clocks' skew) and opened by the same words; the newest such one.
 */
export function sessionStartedBy(sessions: readonly SessionSummary[], mark: StartMark): SessionSummary | undefined {
  return sessions
    .filter((session) => session.createdAt >= mark.at - CLOCK_SKEW_MS && session.firstMessage === mark.text)
    .sort((a, b) => b.createdAt - a.createdAt)[0];
}

const isMark = (value: unknown): value is StartMark =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StartMark).at === 'number' &&
  typeof (value as StartMark).text === 'string';

/** The mark, in `storage` (the tab's sessionStorage by default). */
export function unansweredStart(storage: Storage = window.sessionStorage, now = Date.now): UnansweredStart {
  return {
    set: (text) => storage.setItem(KEY, JSON.stringify({ at: now(), text } satisfies StartMark)),
    clear: () => storage.removeItem(KEY),
    get() {
      try {
        const value: unknown = JSON.parse(storage.getItem(KEY) ?? 'null');
        return isMark(value) ? value : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
