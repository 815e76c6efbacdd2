import type { ApprovalState, RunningStep, WatchedArtifact, WireInterrupt } from '@callable-flows/client';
import { type ApprovalActions, type ApprovalCard, approvalCard } from './approval-card.js';
import { toolWords } from './approval-copy.js';
import { mayAnswer, type Viewer, waitsForWords } from './approver-role.js';
import { showArtifacts } from './artifact-cards.js';
import type { BranchControls } from './branch-controls.js';
import { type BranchActions, focusVersions, showBranchControls } from './branch-decorations.js';
import { copyButton } from './copy-button.js';
import { countdown } from './countdown.js';
import { el, summary } from './dom.js';
import { LAPSED_WORDS } from './lapsed-turn.js';
import { renderMarkdown } from './markdown.js';
import { type MessageBubble, messageBubble } from './message-bubble.js';
import { timeStamp } from './message-time.js';
import { NewWordsBelow } from './new-words-below.js';
import { type QueuedItem, queuedWords } from './queued-messages.js';
import { STOPPED_WORDS } from './stopped-turn.js';
import { handoffTarget, handoffWords, isHiddenTool } from './tool-presentation.js';
import type { ApprovalEntry, TranscriptEntry } from './transcript.js';

/** A notice above the composer: an error, or a word on where the conversation stands. */
export interface Notice {
  text: string;
  kind: 'error' | 'info';
  /** A button beside the words (Try again, Refresh). */
  action?: { label: string; run(): void };
  /** A wait that counts down on screen (`words` of the seconds left); the notice goes when it ends. */
  countdown?: { until: number; words(seconds: number): string };
}

/** How close to the bottom (px) still counts as reading the newest entry. */
const PINNED_PX = 48;

/** Where the page's elements are. */
export interface ChatElements {
  /** The conversation's entries. */
  log: HTMLElement;
  /** What scrolls (the log and the empty page's welcome). */
  scroller: HTMLElement;
  /** The notice line above the composer. */
  notices: HTMLElement;
  /** A visually hidden live region: what a screen reader should hear about (a new approval). */
  announcer: HTMLElement;
  /** The messages queued behind the running turn, under the conversation. */
  queue: HTMLElement;
  /** The artifacts the conversation's tools made, as cards under it (none drawn without it). */
  artifacts?: HTMLElement;
}

/**
 * The conversation on the page: the log of bubbles, tool activity and approval cards, and
 * the notice line. It only draws; the app decides what happens.
 */
export class ChatView {
  /** The assistant's open bubble and the Markdown it has said so far (drawn whole on every chunk). */
  private bubble: { element: HTMLElement; markdown: string } | undefined;
  private pinned = true;
  /** Where the view last scrolled the log to (the bottom): a reader who moved above it scrolled up. */
  private scrolledTo = 0;
  /** True while the log ends with the stopped line of a stop already brought into view. */
  private stopShown = false;
  private stopCountdown: (() => void) | undefined;
  private busy = false;
  private workingRow: HTMLElement | undefined;
  /** The step of the session's running turn: while one runs, the working row stays. */
  private turnStep: RunningStep | undefined;
  private readonly tools = new Map<string, HTMLElement>();
  private readonly cards = new Map<string, ApprovalCard>();
  /** Shown while words arrived below a reader who scrolled up. */
  private readonly below = new NewWordsBelow(() => {
    this.pinned = true;
    this.scroll();
  });

  constructor(
    private readonly elements: ChatElements,
    private readonly actions: ApprovalActions,
    /** Who is looking (a card they answered says "by you"). */
    private readonly viewerUid?: () => string | undefined,
    /** Who is looking, with their claims: a card they may not answer says who it waits for. */
    private readonly viewer?: () => Viewer | undefined,
  ) {
    // A reader at the bottom stays there when the composer grows (a notice appears) or an entry
    // grows under them (a Retry row): the newest entry is never left under the footer.
    // A reader who scrolled up stays where they are: what arrives below is announced by the
    // "New words below" control, never scrolled to.
    const { scroller, log } = elements;
    elements.notices.before(this.below.element);
    scroller.addEventListener('scroll', () => {
      const atBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= PINNED_PX;
      // Only the reader unpins the view, by scrolling up: a scroll event that comes after the log
      // grew under a scroll of the view's own (an answer drawn, a font loaded) is not theirs.
      if (atBottom || scroller.scrollTop < this.scrolledTo - 1) this.pinned = atBottom;
      if (this.pinned) {
        this.below.hide();
        if (!atBottom) this.scroll();
      }
    });
    new ResizeObserver(() => {
      if (this.pinned) this.scroll();
    }).observe(scroller);
    new ResizeObserver(() => this.keepUp()).observe(log);
  }

  private get log(): HTMLElement {
    return this.elements.log;
  }

  /** Empties the log, the queued messages and the notice line. */
  clear(): void {
    // Another conversation opens at its newest entry.
    this.pinned = true;
    this.scrolledTo = 0;
    this.stopShown = false;
    this.below.hide();
    this.clearLog();
    this.queued([]);
    this.artifacts([]);
    this.notice(undefined);
  }

  /** The artifacts of the conversation, each name's last version as a card (`artifact-cards.ts`). */
  artifacts(artifacts: readonly WatchedArtifact[]): void {
    if (this.elements.artifacts) showArtifacts(this.elements.artifacts, artifacts);
  }

  /**
   * The messages waiting for the running turn, in order, under the conversation: each as the
   * person's bubble, "Sending…" until the server has queued it, then "Queued — sends after the
   * current answer". One whose turn has started leaves this list for the conversation.
   */
  queued(items: readonly QueuedItem[], withdraw?: (requestId: string) => void): void {
    const { queue } = this.elements;
    const key = JSON.stringify(items);
    if (queue.dataset.items === key) return;
    queue.dataset.items = key;
    queue.replaceChildren(
      ...items.map((item) => {
        const bubble = messageBubble(item.text, item.state === 'sending' ? 'pending' : 'queued');
        bubble.element.dataset.request = item.requestId;
        if (item.state === 'queued') queuedFooter(bubble.element, item, withdraw);
        return el('li', {}, bubble.element);
      }),
    );
    queue.hidden = items.length === 0;
    this.keepUp();
  }

  /** Draws the queued messages afresh on their next showing (a Take back that failed gets its button again). */
  redrawQueued(): void {
    delete this.elements.queue.dataset.items;
  }

  private clearLog(): void {
    this.log.replaceChildren();
    this.tools.clear();
    this.cards.clear();
    this.bubble = undefined;
    this.workingRow = undefined;
    this.turnStep = undefined;
  }

  /** A message from the person, in `state` (`pending` until the assistant has it). */
  user(text: string, state: 'pending' | 'sent' = 'sent'): MessageBubble {
    // The person just sent it: they read on from their own message.
    if (state === 'pending') this.pinned = true;
    const bubble = messageBubble(text, state);
    this.add(bubble.element);
    return bubble;
  }

  /** The texts of the person's messages on the page, in order. */
  userMessages(): string[] {
    return [...this.log.querySelectorAll('.bubble.user')].map((node) => node.textContent ?? '');
  }

  /** True when the page shows the person's message of `requestId` (on its way, or not sent). */
  hasUnsent(requestId: string): boolean {
    return [...this.log.querySelectorAll<HTMLElement>('.message.user')].some(
      (node) => node.dataset.request === requestId,
    );
  }

  /** Words of the assistant, appended to its open bubble (a new one after tool activity). */
  assistantText(text: string): void {
    this.working(false);
    if (!this.bubble) {
      const element = el('div', { class: 'bubble assistant markdown' });
      this.add(element);
      this.bubble = { element, markdown: '' };
    }
    this.bubble.markdown += text;
    const { markdown } = this.bubble;
    // The model's words are Markdown, and untrusted: parsed, then sanitized (markdown.ts).
    this.bubble.element.replaceChildren(
      renderMarkdown(markdown),
      copyButton('answer', () => markdown),
    );
    this.keepUp();
  }

  /**
   * A "working…" row while the assistant has said nothing yet (it goes at its first words or tool
   * call), or, while the session says a turn runs, until that turn ends.
   */
  working(on: boolean): void {
    if (!on) {
      if (this.turnStep) return;
      this.workingRow?.remove();
      this.workingRow = undefined;
      return;
    }
    if (this.workingRow) return;
    this.workingRow = el(
      'div',
      { class: 'working', role: 'status' },
      el('span', { class: 'dots', 'aria-hidden': 'true' }, el('span', {}), el('span', {}), el('span', {})),
      'Working…',
    );
    this.log.append(this.workingRow);
    this.keepUp();
  }

  /** The session's running turn's step (undefined when none runs): the working row shows for the whole turn. */
  progress(step: RunningStep | undefined): void {
    this.turnStep = step;
    if (!step) {
      if (!this.busy) this.working(false);
      return;
    }
    this.working(true);
    const row = this.workingRow as HTMLElement;
    row.dataset.step = step;
    (row.lastChild as Text).textContent = step === 'tools' ? 'Using a tool…' : 'Working…';
  }

  /** Marks the card of a decided approval with its outcome and who answered, as soon as its tool's result is stored. */
  decided(entry: ApprovalEntry): void {
    const card = this.cards.get(entry.ref);
    if (!card) return;
    // Who answered is the server's record: a card this tab decided learns it here too.
    card.setAnsweredBy(entry.answeredBy);
    if (!card.isPending()) return;
    card.setOutput(entry.output);
    card.setState(entry.state, entry.reason);
  }

  /** Tells each waiting card of `entries` whether the person may answer it, or who it waits for (a manager). */
  addressed(entries: readonly TranscriptEntry[]): void {
    for (const entry of entries) {
      if (entry.kind !== 'approval' || entry.state !== 'waiting') continue;
      const address = entry.approvers;
      const others = address !== undefined && !mayAnswer(address, this.viewer?.());
      this.cards.get(entry.ref)?.setWaitsFor(others ? waitsForWords(address) : undefined);
    }
  }

  /** A "loading" row while a stored conversation is read. */
  loading(on: boolean): void {
    this.log.querySelector('.loading')?.remove();
    this.log.setAttribute('aria-busy', String(on || this.busy));
    if (on) {
      this.log.append(
        el(
          'div',
          { class: 'loading', role: 'status' },
          el('span', { class: 'spinner', 'aria-hidden': 'true' }),
          'Loading your conversation…',
        ),
      );
    }
  }

  /**
   * A tool call that has started (`input` is unknown when only its response was streamed): one
   * quiet line in words ("Query order · orderId: A-1001"), its name and output folded under it.
   */
  toolStarted(ref: string, name: string, input?: unknown): void {
    // A hand-off streamed in this tab's turn: its line now, as the stored conversation draws it.
    const to = handoffTarget(name);
    if (to !== undefined && !this.tools.has(ref)) {
      const line = el('p', { class: 'turn-note handoff' }, handoffWords(to));
      this.tools.set(ref, line);
      this.add(line);
    }
    if (isHiddenTool(name)) return;
    const words = toolWords(name);
    const row = el(
      'details',
      { class: 'tool', 'data-ref': ref, 'data-tool': name, 'data-state': 'running' },
      el(
        'summary',
        { class: 'call' },
        el('span', { class: 'icon', 'aria-hidden': 'true' }, '⋯'),
        el('span', { class: 'what' }, words.charAt(0).toUpperCase() + words.slice(1)),
        input !== undefined && el('span', { class: 'args' }, summary(input, 80)),
      ),
      el('div', { class: 'out' }, el('code', {}, name), ' ', el('span', { class: 'result' }, 'running…')),
    );
    this.tools.set(ref, row);
    this.add(row);
  }

  /** A tool call that has finished (`failed`: with an error the kit recorded): its output goes on its row (or its approval card). */
  toolFinished(ref: string, name: string, output: unknown, failed = false): void {
    if (isHiddenTool(name)) return;
    const card = this.cards.get(ref);
    if (card) {
      card.setOutput(output, failed);
      return;
    }
    if (!this.rowFor(ref, name)) this.toolStarted(ref, name);
    const row = this.tools.get(ref) as HTMLElement;
    row.dataset.state = failed ? 'failed' : 'done';
    (row.querySelector('.result') as HTMLElement).textContent = `→ ${summary(output, 300)}`;
    (row.querySelector('.icon') as HTMLElement).textContent = failed ? '!' : '✓';
  }

  /** An approval card (in place of the tool's activity row, if it has one); a waiting one takes the focus. */
  approval(
    interrupt: WireInterrupt,
    state: ApprovalState,
    output?: unknown,
    reason?: string,
    failed = false,
  ): ApprovalCard {
    this.working(false);
    const card = approvalCard(interrupt, state, this.actions, this.viewerUid);
    if (output !== undefined) card.setOutput(output, failed);
    if (reason !== undefined) card.setState(state, reason);
    // A card streamed in mid-call can't be answered before the call ends (its session id comes last).
    card.setBusy(this.busy);
    const row = this.rowFor(interrupt.ref, interrupt.name);
    if (row) row.replaceWith(card.element);
    else this.add(card.element);
    this.tools.delete(interrupt.ref);
    this.cards.set(interrupt.ref, card);
    this.bubble = undefined;
    this.keepUp();
    if (state === 'waiting') {
      this.announce(`Approval needed: ${card.copy.title}`);
      card.focus();
    }
    return card;
  }

  /** True when a card for `ref` is on the page. */
  hasApproval(ref: string): boolean {
    return this.cards.has(ref);
  }

  /** The approval cards that still wait for the person's answer (not those that wait for someone else's). */
  pendingApprovals(): ApprovalCard[] {
    return [...this.cards.values()].filter((card) => card.isPending() && !card.awaitsOthers());
  }

  /**
   * Draws a stored conversation (in place of what the log shows; a notice stays). While its turn
   * `runs`, a decided approval whose tool has no result yet shows its answer as on its way; a
   * last turn that was `stopped` ends with a line that says so, and one whose server went away
   * mid-answer (`lapsed`) with a line that says that.
   */
  render(entries: readonly TranscriptEntry[], runs = false, stopped = false, lapsed = false): void {
    this.clearLog();
    for (const entry of entries) {
      if (entry.kind === 'user') this.user(entry.text);
      else if (entry.kind === 'assistant') this.assistantText(entry.text);
      else if (entry.kind === 'handoff') this.add(el('p', { class: 'turn-note handoff' }, handoffWords(entry.to)));
      else if (entry.kind === 'tool') {
        this.toolStarted(entry.ref, entry.name, entry.input);
        if ('output' in entry) this.toolFinished(entry.ref, entry.name, entry.output, entry.failed);
      } else {
        const card = this.approval(entry, entry.state, entry.output, entry.reason, entry.failed);
        card.setAnsweredBy(entry.answeredBy);
        const decided = entry.state === 'approved' || entry.state === 'declined';
        if (runs && decided && !('output' in entry)) card.setState('working', entry.reason);
      }
    }
    this.stopShown &&= stopped;
    if (stopped) this.stoppedNote();
    else if (lapsed) this.add(el('p', { class: 'turn-note lapsed' }, LAPSED_WORDS));
    this.addressed(entries);
  }

  /**
   * The line that says the last turn was stopped, at the log's end. A stop just heard takes even
   * a reader who scrolled up to it (the view follows the end again): it says why the answer ended.
   * A redraw of the same stop leaves the reader where they are.
   */
  private stoppedNote(): void {
    if (!this.stopShown) {
      this.stopShown = true;
      this.pinned = true;
      this.below.hide();
    }
    this.add(el('p', { class: 'turn-note stopped' }, STOPPED_WORDS));
  }

  /** Takes away the line that says a turn's server went away: a call of this tab's takes the session on. */
  lapseOver(): void {
    for (const note of this.log.querySelectorAll('.turn-note.lapsed')) note.remove();
  }

  /**
   * Puts on the page when each message was stored, as `entries` (what the page shows, in order)
   * say: under each of the person's messages and each answer, whether this tab's stream drew them
   * or the stored session did. Words stored before messages had times (or not stored yet) show none.
   */
  stampTimes(entries: readonly TranscriptEntry[]): void {
    const users = [...this.log.querySelectorAll<HTMLElement>('.message.user:not([data-state="failed"])')];
    const answers = [...this.log.querySelectorAll<HTMLElement>('.bubble.assistant')];
    const stamped = new Set<Element>();
    for (const entry of entries) {
      if (entry.kind !== 'user' && entry.kind !== 'assistant') continue;
      const node = entry.kind === 'user' ? users.shift() : answers.shift();
      if (!node || entry.at === undefined) continue;
      stamped.add(entry.kind === 'user' ? stampInside(node, entry.at) : stampBelow(node, entry.at));
    }
    for (const stamp of this.log.querySelectorAll('.message.user > .stamp, .stamp-row')) {
      if (!stamped.has(stamp)) stamp.remove();
    }
  }

  /**
   * Puts the branch controls on the conversation drawn (Edit, the version switchers, Regenerate),
   * as `controls` say; none takes them off (a turn runs).
   */
  branchControls(controls: BranchControls | undefined, actions: BranchActions): void {
    showBranchControls(this.log, controls, actions);
  }

  /** Puts the focus back on message `index`'s version switcher (its `from` button), after a switch redrew the log. */
  focusVersions(index: number, from: 'previous' | 'next'): void {
    focusVersions(this.log, index, from);
  }

  /** Disables every card's buttons while a call runs. */
  setBusy(busy: boolean): void {
    this.busy = busy;
    for (const card of this.cards.values()) card.setBusy(busy);
    this.log.setAttribute('aria-busy', String(busy));
    if (!busy) this.working(false);
  }

  /** Shows a notice (or clears it). */
  notice(notice: Notice | undefined): void {
    this.stopCountdown?.();
    this.stopCountdown = undefined;
    if (!notice) {
      this.elements.notices.replaceChildren();
      return;
    }
    const line = el('p', { class: `notice ${notice.kind}`, role: notice.kind === 'error' ? 'alert' : 'status' });
    if (notice.countdown) {
      // A screen reader hears the words once, as the alert appears; the seconds count on screen only.
      const { until, words } = notice.countdown;
      const counting = el('span', { class: 'countdown', 'aria-live': 'off' }, notice.text);
      line.append(counting);
      this.stopCountdown = countdown(until, (seconds) => {
        if (seconds > 0) counting.textContent = words(seconds);
        else if (line.isConnected) this.notice(undefined);
      });
    } else {
      line.append(el('span', {}, notice.text));
    }
    if (notice.action) {
      const { label, run } = notice.action;
      const button = el('button', { type: 'button', class: 'secondary' }, label);
      button.addEventListener('click', run);
      line.append(button);
    }
    this.elements.notices.replaceChildren(line);
  }

  /** Says `text` to a screen reader (the live region), without showing it. */
  announce(text: string): void {
    // Re-setting the same words would not be announced again: clear first.
    this.elements.announcer.textContent = '';
    requestAnimationFrame(() => {
      this.elements.announcer.textContent = text;
    });
  }

  /**
   * The activity row of call `ref`. A model may stream a call before the kit names it: that row
   * is filed under the tool's name until its response (or interrupt) brings the ref.
   */
  private rowFor(ref: string, name: string): HTMLElement | undefined {
    const named = this.tools.get(ref);
    if (named) return named;
    const unnamed = this.tools.get(name);
    if (unnamed?.dataset.state !== 'running') return undefined;
    this.tools.delete(name);
    this.tools.set(ref, unnamed);
    unnamed.dataset.ref = ref;
    return unnamed;
  }

  private add(node: HTMLElement): void {
    if (!node.classList.contains('assistant')) this.bubble = undefined;
    // The working row stays last, below what has arrived so far.
    if (this.workingRow && node !== this.workingRow) this.log.insertBefore(node, this.workingRow);
    else this.log.append(node);
    if (node.classList.contains('tool') || node.classList.contains('approval')) this.working(false);
    this.keepUp();
  }

  /** Keeps a reader at the bottom there as the conversation grows; tells one who scrolled up that words arrived. */
  private keepUp(): void {
    if (this.pinned) this.scroll();
    else this.below.show();
  }

  private scroll(): void {
    const { scroller } = this.elements;
    scroller.scrollTop = scroller.scrollHeight;
    this.scrolledTo = scroller.scrollTop;
  }
}

/** A queued message's footer: what it waits for, and "Take back" while it can be (before its turn begins). */
function queuedFooter(
  message: HTMLElement,
  item: QueuedItem,
  withdraw: ((requestId: string) => void) | undefined,
): void {
  const status = message.querySelector('.message-status');
  if (status) status.textContent = queuedWords(item.waitsFor);
  if (!withdraw) return;
  const takeBack = el('button', { type: 'button', class: 'link withdraw' }, 'Take back');
  takeBack.setAttribute('aria-label', `Take back: ${item.text.slice(0, 60)}`);
  takeBack.addEventListener('click', () => {
    takeBack.disabled = true;
    withdraw(item.requestId);
  });
  message.querySelector('.message-footer')?.append(takeBack);
}

/** The time at the end of the person's `message`: the one it has when it says `at` already. */
function stampInside(message: HTMLElement, at: number): Element {
  const old = message.querySelector<HTMLTimeElement>(':scope > .stamp');
  if (old?.dateTime === new Date(at).toISOString()) return old;
  old?.remove();
  const stamp = timeStamp(at);
  message.append(stamp);
  return stamp;
}

/** The time on a row of its own under the answer `bubble`: the one it has when it says `at` already. */
function stampBelow(bubble: HTMLElement, at: number): Element {
  const next = bubble.nextElementSibling;
  const old = next?.classList.contains('stamp-row') ? next : undefined;
  if (old?.querySelector('time')?.dateTime === new Date(at).toISOString()) return old as Element;
  old?.remove();
  const row = el('p', { class: 'stamp-row' }, timeStamp(at));
  bubble.after(row);
  return row;
}
