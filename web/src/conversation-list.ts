import { el } from './dom.js';
import { errorWords } from './error-words.js';
import type { SessionSummary } from './session-list.js';

/** What the conversation list needs from the page. */
export interface ConversationListDeps {
  /** The person's conversations, newest first. */
  list(): Promise<SessionSummary[]>;
  /** The conversation the page shows now (marked as current). */
  current(): string | undefined;
  /** Opens one. */
  open(id: string): void;
}

const BADGES: Partial<Record<SessionSummary['status'], string>> = {
  interrupted: 'Approval needed',
  running: 'Working',
  expired: 'Expired',
  failed: 'Failed',
};

const when = (ms: number, now = new Date()): string => {
  const date = new Date(ms);
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay
    ? date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
};

function row(session: SessionSummary, current: boolean, open: (id: string) => void): HTMLLIElement {
  const badge = BADGES[session.status];
  const button = el(
    'button',
    { type: 'button', class: 'conversation', 'data-session': session.id, 'aria-current': current ? 'true' : undefined },
    el('span', { class: 'title' }, session.firstMessage?.trim() || 'Conversation'),
    el(
      'span',
      { class: 'meta' },
      el('time', { datetime: new Date(session.updatedAt).toISOString() }, when(session.updatedAt)),
      badge && el('span', { class: `status-badge ${session.status}` }, badge),
    ),
  );
  button.addEventListener('click', () => open(session.id));
  return el('li', {}, button);
}

/**
 * The list of the person's conversations, newest first, in a modal side sheet: each titled by
 * its first message, with a badge when an approval waits in it. Escape or Close shuts it.
 */
export function conversationList(deps: ConversationListDeps): { open(): Promise<void> } {
  const items = el('ul', { class: 'conversations-list', 'aria-labelledby': 'conversations-title' });
  const status = el('p', { class: 'conversations-status', role: 'status' });
  const close = el('button', { type: 'button', class: 'secondary close' }, 'Close');
  const dialog = el(
    'dialog',
    { class: 'conversations', 'aria-labelledby': 'conversations-title' },
    el(
      'div',
      { class: 'sheet-head' },
      el('h2', { id: 'conversations-title', class: 'sheet-title' }, 'Your conversations'),
      close,
    ),
    status,
    items,
  );
  close.addEventListener('click', () => dialog.close());
  // A click on the backdrop (outside the sheet) closes it too.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  document.body.append(dialog);
  const pick = (id: string): void => {
    dialog.close();
    deps.open(id);
  };

  return {
    async open() {
      items.replaceChildren();
      status.textContent = 'Loading your conversations…';
      status.hidden = false;
      dialog.showModal();
      close.focus();
      try {
        const sessions = await deps.list();
        const current = deps.current();
        items.replaceChildren(...sessions.map((session) => row(session, session.id === current, pick)));
        status.textContent = sessions.length === 0 ? 'No conversations yet.' : '';
        status.hidden = sessions.length > 0;
      } catch (error) {
        status.textContent = `Your conversations can't be shown. ${errorWords(error).text}`;
      }
    },
  };
}
