const PARAM = 'session';

/** The session id in the page's URL (`?session=…`), if any. */
export function sessionFromUrl(location: Location = window.location): string | undefined {
  return new URLSearchParams(location.search).get(PARAM) ?? undefined;
}

/** Puts the session id in the page's URL (or takes it out), without a reload or a history entry. */
export function setSessionInUrl(id: string | undefined): void {
  const url = new URL(window.location.href);
  if (id) url.searchParams.set(PARAM, id);
  else url.searchParams.delete(PARAM);
  window.history.replaceState(null, '', url);
}
