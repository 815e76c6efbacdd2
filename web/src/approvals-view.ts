import './approvals-view.css';
import type { Approval } from '@callable-flows/client';
import { el } from './dom.js';
import { type AnswerEntry, type InboxEntry, inboxEntry } from './inbox-entry.js';

/** The URL's word for the view (`?view=approvals`): a history entry of its own, so Back returns to the chat. */
const VIEW_PARAM = 'view';
const VIEW = 'approvals';

/** What the Approvals view runs on. */
export interface ApprovalsViewDeps {
  /** Watches the waiting calls addressed to the viewer (the client's `watchApprovals`); returns the unsubscribe. */
  watch(observer: { next(approvals: Approval[]): void; error(error: unknown): void }): () => void;
  answer: AnswerEntry;
  /** Names the app knows by uid (the demo's accounts): who asks. */
  names: ReadonlyMap<string, string>;
  errorText(error: unknown): string;
  /** The chat's parts, hidden while the view shows. */
  chat: readonly HTMLElement[];
  /** Who the listed requests wait for, in words ("a manager"): the approver claim's holders. */
  waitsFor: string;
}

/** True when the page's URL asks for the Approvals view. */
const inUrl = (): boolean => new URLSearchParams(window.location.search).get(VIEW_PARAM) === VIEW;

/**
 * The Approvals view of an approver (a holder of the agent's approver claim): a header button with the
 * count of waiting calls, and a page of its own (`?view=approvals`, a history entry) that lists
 * the inbox live, oldest first. An entry this approver answered says so and moves to "Answered
 * here"; one answered elsewhere (or expired) leaves the list.
 */
export class ApprovalsView {
  private readonly root: HTMLElement;
  private readonly waiting: HTMLElement;
  private readonly done: HTMLElement;
  private readonly empty: HTMLElement;
  private readonly button: HTMLButtonElement;
  private readonly count: HTMLElement;
  private readonly waitingWord: HTMLElement;
  private readonly entries = new Map<string, InboxEntry>();
  private stopWatch: (() => void) | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  /** The ids the inbox's last snapshot listed. */
  private latest: ReadonlySet<string> = new Set();

  constructor(
    private readonly deps: ApprovalsViewDeps,
    header: HTMLElement,
    after: HTMLElement,
  ) {
    this.count = el('span', { class: 'count' });
    // Its name is its words ("Approvals 1 waiting"): the count shows, "waiting" is for screen readers.
    this.waitingWord = el('span', { class: 'visually-hidden', hidden: '' }, ' waiting');
    this.button = el(
      'button',
      { type: 'button', id: 'approvals', class: 'secondary approvals-nav', 'aria-pressed': 'false' },
      'Approvals ',
      this.count,
      this.waitingWord,
    );
    header.prepend(this.button);
    this.empty = el('p', { class: 'empty-inbox', role: 'status' }, 'Nothing waits for your approval.');
    this.waiting = el('div', { class: 'inbox' });
    this.done = el('div', { class: 'inbox answered' });
    // The page's main while it shows (the chat's is hidden then): one main at a time.
    this.root = el(
      'main',
      { id: 'approvals-view', class: 'approvals-view', 'aria-labelledby': 'approvals-title', hidden: '' },
      el('h2', { id: 'approvals-title', tabindex: '-1' }, 'Approvals'),
      el(
        'p',
        { class: 'intro' },
        `Requests that wait for ${deps.waitsFor}. You see what the assistant asks to do, never the conversation.`,
      ),
      this.empty,
      this.waiting,
      el('h3', { class: 'answered-title' }, 'Answered here'),
      this.done,
    );
    after.after(this.root);
    this.button.addEventListener('click', () => this.go(!this.shown()));
    window.addEventListener('popstate', () => this.show(inUrl()));
  }

  /** Starts following the inbox, and shows the view when the URL asks for it. */
  start(): void {
    this.stopWatch = this.deps.watch({
      next: (approvals) => this.list(approvals),
      error: (error) => {
        this.empty.textContent = `The approvals can't be shown. ${this.deps.errorText(error)}`;
        this.empty.hidden = false;
      },
    });
    this.timer = setInterval(() => {
      for (const entry of this.entries.values()) entry.tick(Date.now());
    }, 60_000);
    this.show(inUrl());
  }

  /** Stops following the inbox and takes the view off the page (the account changed). */
  remove(): void {
    this.stopWatch?.();
    clearInterval(this.timer);
    this.show(false);
    this.button.remove();
    this.root.remove();
  }

  private shown(): boolean {
    return !this.root.hidden;
  }

  /** Opens (or leaves) the view as a history entry. */
  private go(open: boolean): void {
    const url = new URL(window.location.href);
    if (open) url.searchParams.set(VIEW_PARAM, VIEW);
    else url.searchParams.delete(VIEW_PARAM);
    window.history.pushState(null, '', url);
    this.show(open);
  }

  private show(open: boolean): void {
    this.root.hidden = !open;
    for (const part of this.deps.chat) part.hidden = open;
    this.button.setAttribute('aria-pressed', String(open));
    if (open) (this.root.querySelector('h2') as HTMLElement).focus();
  }

  /** The waiting calls now: new ones added in order, gone ones taken off (this approver's stay, answered). */
  private list(approvals: readonly Approval[]): void {
    const ids = new Set(approvals.map((approval) => approval.id));
    this.latest = ids;
    for (const [id, entry] of this.entries) {
      // One this approver is answering stays until the answer is back (the watch often sees it first).
      if ((ids.has(id) && !entry.answered()) || entry.answering()) continue;
      if (entry.answered()) this.done.prepend(entry.element);
      else entry.element.remove();
      this.entries.delete(id);
    }
    for (const approval of approvals) {
      if (this.entries.has(approval.id)) continue;
      const entry = inboxEntry(approval, this.deps.names, this.answer, this.deps.errorText);
      this.entries.set(approval.id, entry);
      this.waiting.append(entry.element);
    }
    this.counted();
  }

  /** The header button and the empty line say how many calls wait. */
  private counted(): void {
    const open = [...this.entries.values()].filter((entry) => !entry.answered()).length;
    this.empty.hidden = open > 0;
    this.count.textContent = open > 0 ? String(open) : '';
    this.waitingWord.hidden = open === 0;
  }

  /** An answer that got through moves its entry to "Answered here" at once (the watch confirms it). */
  private readonly answer: AnswerEntry = async (approval, decision) => {
    const entry = this.entries.get(approval.id);
    try {
      await this.deps.answer(approval, decision);
    } catch (error) {
      // Refused, and gone from the inbox meanwhile (answered elsewhere, expired): it says why, with no buttons.
      if (entry && !this.latest.has(approval.id)) {
        entry.close();
        this.entries.delete(approval.id);
        this.counted();
      }
      throw error;
    }
    if (entry) {
      this.done.prepend(entry.element);
      this.entries.delete(approval.id);
    }
    this.counted();
  };
}
