const PARAM = 'session';

/** The session id in the page's URL (`?session=…`), if any. */
export function sessionFromUrl(location: Location = window.location): string | undefined {
  return new URLSearchParams(location.search).get(PARAM) ?? undefined;
}

/** How the URL moves to the session `next` from the one it shows, `shown`: each conversation is a history entry. */
export function historyMove(shown: string | undefined, next: string | undefined): 'none' | 'replace' | 'push' {
  if (shown === next) return 'none';
  // The empty page becomes the conversation its first message opens: one entry, not two.
  return shown === undefined ? 'replace' : 'push';
}

/**
 * Puts the session id in the page's URL (or takes it out), without a reload: leaving a
 * conversation (for another, or a new one) adds a history entry, so Back returns to it.
 */
export function setSessionInUrl(id: string | undefined): void {
  const move = historyMove(sessionFromUrl(), id);
  if (move === 'none') return;
  const url = new URL(window.location.href);
  if (id) url.searchParams.set(PARAM, id);
  else url.searchParams.delete(PARAM);
  if (move === 'push') window.history.pushState(null, '', url);
  else window.history.replaceState(null, '', url);
}

/** Calls `show` with the session of the history entry the person moved to (Back, Forward). */
export function onHistoryMove(show: (id: string | undefined) => void): void {
  window.addEventListener('popstate', () => show(sessionFromUrl()));
}
