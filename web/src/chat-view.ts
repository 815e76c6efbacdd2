import { type ApprovalActions, type ApprovalCard, approvalCard } from './approval-card.js';
import { el, summary } from './dom.js';
import type { ApprovalState, TranscriptEntry } from './transcript.js';
import type { WireInterrupt } from './wire.js';

/** A notice above the composer: an error, or a word on where the conversation stands. */
export interface Notice {
  text: string;
  kind: 'error' | 'info';
  /** A button beside the words (Try again, Refresh). */
  action?: { label: string; run(): void };
}

/**
 * The conversation on the page: the log of bubbles, tool activity and approval cards, and
 * the notice line. It only draws; the app decides what happens.
 */
export class ChatView {
  private bubble: HTMLElement | undefined;
  private busy = false;
  private readonly tools = new Map<string, HTMLElement>();
  private readonly cards = new Map<string, ApprovalCard>();

  constructor(
    private readonly log: HTMLElement,
    private readonly notices: HTMLElement,
    private readonly actions: ApprovalActions,
  ) {}

  /** Empties the log. */
  clear(): void {
    this.log.replaceChildren();
    this.tools.clear();
    this.cards.clear();
    this.bubble = undefined;
    this.notice(undefined);
  }

  /** A message from the person. */
  user(text: string): void {
    this.add(el('div', { class: 'bubble user' }, text));
  }

  /** Words of the assistant, appended to its open bubble (a new one after tool activity). */
  assistantText(text: string): void {
    if (!this.bubble) {
      this.bubble = el('div', { class: 'bubble assistant' });
      this.add(this.bubble);
    }
    this.bubble.textContent += text;
    this.scroll();
  }

  /** A tool call that has started (`input` is unknown when only its response was streamed). */
  toolStarted(ref: string, name: string, input?: unknown): void {
    const row = el(
      'div',
      { class: 'tool', 'data-ref': ref, 'data-tool': name, 'data-state': 'running' },
      el(
        'div',
        { class: 'call' },
        el('span', { class: 'icon', 'aria-hidden': 'true' }, '⚙'),
        el('code', {}, name),
        input !== undefined && el('span', { class: 'args' }, summary(input, 100)),
      ),
      el('div', { class: 'out' }, 'running…'),
    );
    this.tools.set(ref, row);
    this.add(row);
  }

  /** A tool call that has finished: its output goes on its row (or its approval card). */
  toolFinished(ref: string, name: string, output: unknown): void {
    if (this.cards.has(ref)) return;
    if (!this.rowFor(ref, name)) this.toolStarted(ref, name);
    const row = this.tools.get(ref) as HTMLElement;
    row.dataset.state = 'done';
    (row.querySelector('.out') as HTMLElement).textContent = `→ ${summary(output, 160)}`;
    (row.querySelector('.icon') as HTMLElement).textContent = '✓';
  }

  /** An approval card (in place of the tool's activity row, if it has one). */
  approval(interrupt: WireInterrupt, state: ApprovalState, note?: string): ApprovalCard {
    const card = approvalCard(interrupt, state, this.actions);
    if (note) card.setState(state, note);
    // A card streamed in mid-call can't be answered before the call ends (its session id comes last).
    card.setBusy(this.busy);
    const row = this.rowFor(interrupt.ref, interrupt.name);
    if (row) row.replaceWith(card.element);
    else this.add(card.element);
    this.tools.delete(interrupt.ref);
    this.cards.set(interrupt.ref, card);
    this.bubble = undefined;
    this.scroll();
    return card;
  }

  /** True when a card for `ref` is on the page. */
  hasApproval(ref: string): boolean {
    return this.cards.has(ref);
  }

  /** Draws a restored conversation. */
  render(entries: readonly TranscriptEntry[]): void {
    this.clear();
    for (const entry of entries) {
      if (entry.kind === 'user') this.user(entry.text);
      else if (entry.kind === 'assistant') this.assistantText(entry.text);
      else if (entry.kind === 'tool') {
        this.toolStarted(entry.ref, entry.name, entry.input);
        if ('output' in entry) this.toolFinished(entry.ref, entry.name, entry.output);
      } else {
        this.approval(entry, entry.state, noteOf(entry.state, entry.output));
      }
    }
  }

  /** Disables every card's buttons while a call runs. */
  setBusy(busy: boolean): void {
    this.busy = busy;
    for (const card of this.cards.values()) card.setBusy(busy);
    this.log.setAttribute('aria-busy', String(busy));
  }

  /** Shows a notice (or clears it). */
  notice(notice: Notice | undefined): void {
    if (!notice) {
      this.notices.replaceChildren();
      return;
    }
    const line = el('p', { class: `notice ${notice.kind}`, role: notice.kind === 'error' ? 'alert' : 'status' });
    line.append(notice.text);
    if (notice.action) {
      const { label, run } = notice.action;
      const button = el('button', { type: 'button' }, label);
      button.addEventListener('click', run);
      line.append(' ', button);
    }
    this.notices.replaceChildren(line);
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
    this.log.append(node);
    this.scroll();
  }

  private scroll(): void {
    this.log.scrollTop = this.log.scrollHeight;
  }
}

/** What a settled card says besides its state: a denial's reason. */
function noteOf(state: ApprovalState, output: unknown): string | undefined {
  const reason = (output as { reason?: unknown } | undefined)?.reason;
  return state === 'denied' && typeof reason === 'string' ? reason : undefined;
}
