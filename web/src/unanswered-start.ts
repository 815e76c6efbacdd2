// A tab that started a new conversation learns its session id only from the call's result. If
// the page is reloaded (or the answer is lost) before then, this mark, kept in the tab's
// sessionStorage, tells the next load to look the session up instead of starting blank.

const KEY = 'orderAssistant.unansweredStart';

/** The tab's mark that a new conversation was started and its id not yet heard. */
export interface UnansweredStart {
  set(): void;
  clear(): void;
  isSet(): boolean;
}

/** The mark, in `storage` (the tab's sessionStorage by default). */
export function unansweredStart(storage: Storage = window.sessionStorage): UnansweredStart {
  return {
    set: () => storage.setItem(KEY, String(Date.now())),
    clear: () => storage.removeItem(KEY),
    isSet: () => storage.getItem(KEY) !== null,
  };
}
