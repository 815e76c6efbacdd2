import { el } from './dom.js';

/** What the page says while the browser is offline. */
export const OFFLINE_WORDS =
  'You’re offline. What you send now is kept as not sent; the conversation catches up when you’re back.';
/** What the page says while the browser is online but the conversation is read from its cache. */
export const RECONNECTING_WORDS = 'Reconnecting… The conversation may be behind until the server answers again.';

/**
 * What to say about the connection: the browser's own word first (`navigator.onLine`), then
 * Firestore's (a followed session last heard `fromCache` after the server had answered); nothing
 * when both are fine.
 */
export function connectionWords(online: boolean, fromCache: boolean): string | undefined {
  if (!online) return OFFLINE_WORDS;
  return fromCache ? RECONNECTING_WORDS : undefined;
}

/**
 * A status line above the composer while the connection is down, which goes by itself when it
 * comes back (the browser's `online` event, or the session heard from the server again).
 */
export class ConnectionState {
  readonly element: HTMLElement;
  private online: boolean;
  private fromCache = false;

  constructor(private readonly window: Window = globalThis.window) {
    this.online = window.navigator.onLine;
    this.element = el('p', { class: 'connection', role: 'status', 'aria-live': 'polite' });
    window.addEventListener('online', () => this.browser(true));
    window.addEventListener('offline', () => this.browser(false));
    this.draw();
  }

  /** Firestore's word (firestore-connection.ts): the followed session is served from the cache (true) or the server. */
  firestore(fromCache: boolean): void {
    this.fromCache = fromCache;
    this.draw();
  }

  private browser(online: boolean): void {
    this.online = online;
    this.draw();
  }

  private draw(): void {
    const words = connectionWords(this.online, this.fromCache);
    this.element.hidden = words === undefined;
    this.element.textContent = words ?? '';
    this.element.dataset.state = !this.online ? 'offline' : this.fromCache ? 'reconnecting' : 'online';
  }
}
