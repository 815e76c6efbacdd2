import type { AnsweredBy, ApprovalState, WireInterrupt } from '@callable-flows/client';
import {
  type ApprovalCopy,
  answeredByWords,
  approvalCopy,
  COPY_FIELDS,
  type Outcome,
  outcomeOf,
  toolWords,
} from './approval-copy.js';
import { type DeclineForm, declineForm } from './decline-form.js';
import { el, fieldList } from './dom.js';
import { type ElicitationForm, serverQuestion } from './elicitation-form.js';
import { presentationOf, whatRuns } from './what-runs.js';

/** What the person can do with a pending approval. */
export interface ApprovalActions {
  approve(interrupt: WireInterrupt, card: ApprovalCard): void;
  /** Answers a server's own question (`metadata.elicitation`) with `output`: its form, filled in (`respond`). */
  respond(interrupt: WireInterrupt, card: ApprovalCard, output: Record<string, unknown>): void;
  /** `reason` is what the person typed, trimmed; undefined when they gave none. */
  decline(interrupt: WireInterrupt, reason: string | undefined, card: ApprovalCard): void;
}

/** An approval card on the page. */
export interface ApprovalCard {
  element: HTMLElement;
  /** The card's words (its title, its button labels). */
  copy: ApprovalCopy;
  /** Where the approval stands; `reason` is the person's reason for declining. */
  setState(state: CardState, reason?: string): void;
  /**
   * The tool's result, once it has one: an approved card says what came of it, or that it failed
   * (`failed`: the tool threw, and `output` holds the error's words).
   */
  setOutput(output: unknown, failed?: boolean): void;
  /** Who answered it (the server's record), shown once it is decided: "Approved by …". */
  setAnsweredBy(answeredBy: AnsweredBy | undefined): void;
  /** Disables the buttons while any call runs. */
  setBusy(busy: boolean): void;
  /**
   * Says the call waits for someone else (`who`: "a manager"), in place of buttons the person
   * can't use (the tool's approvers don't admit them); undefined: they answer it.
   */
  setWaitsFor(who: string | undefined): void;
  /** True while it waits for someone else's answer (see `setWaitsFor`). */
  awaitsOthers(): boolean;
  /** True while it waits for an answer. */
  isPending(): boolean;
  /** Moves the keyboard focus to the card (a screen reader reads its title). */
  focus(): void;
}

const WHY_BUSY = 'You can answer once the assistant has finished its current step.';
const WHY_WORKING = 'Your answer is on its way; the buttons come back if it does not get through.';

/** Where a card stands: its approval's state, or `working` while the person's answer is on its way. */
type CardState = ApprovalState | 'working';

const BADGES: Record<CardState, string> = {
  waiting: 'Approval needed',
  working: 'Sending your answer…',
  approved: 'Approved',
  declined: 'Declined',
  expired: 'Expired',
  'not-run': 'Not run',
  superseded: 'Superseded',
};

const MARKS: Record<CardState, string> = {
  waiting: '!',
  working: '…',
  approved: '✓',
  declined: '✕',
  expired: '⏱',
  'not-run': '–',
  superseded: '↷',
};

let cards = 0;

const capitalized = (words: string): string => words.charAt(0).toUpperCase() + words.slice(1);

/** The folded technical details: the tool, its input and any metadata that isn't the card's words. */
function details(interrupt: WireInterrupt): HTMLDetailsElement {
  const extra =
    interrupt.metadata === true
      ? {}
      : Object.fromEntries(Object.entries(interrupt.metadata).filter(([key]) => !COPY_FIELDS.has(key)));
  return el(
    'details',
    { class: 'details' },
    el('summary', {}, 'Details'),
    el('p', { class: 'tool-name' }, 'The assistant asked to run ', el('code', {}, interrupt.name), ' with:'),
    fieldList(interrupt.input),
    Object.keys(extra).length > 0 && el('p', { class: 'tool-name' }, 'It noted:'),
    Object.keys(extra).length > 0 && fieldList(extra),
  );
}

/** The parts of a card that change with its state. */
interface CardParts {
  element: HTMLElement;
  approve: HTMLButtonElement;
  decline: HTMLButtonElement;
  choices: HTMLElement;
  why: HTMLElement;
  badge: HTMLElement;
  mark: HTMLElement;
  outcome: HTMLElement;
  answeredBy: HTMLElement;
  waitsFor: HTMLElement;
}

/** The card's elements around its decline form `form`: its words, the two actions side by side, the details folded. */
function cardParts(
  interrupt: WireInterrupt,
  copy: ApprovalCopy,
  id: string,
  form: HTMLFormElement,
  asked: ElicitationForm | undefined,
): CardParts {
  // An action that can't be undone looks like one (red); a reversible one is the ordinary primary button.
  const approve = el(
    'button',
    { type: 'button', class: copy.consequence ? 'approve danger' : 'approve' },
    copy.approveLabel,
  );
  const decline = el('button', { type: 'button', class: 'decline' }, copy.declineLabel);
  const choices = el('div', { class: 'choices' }, approve, decline);
  // Disabled buttons say why (a call runs here or in another tab; the answer is on its way).
  const why = el('p', { class: 'why', id: `${id}-why`, hidden: '' });
  for (const button of [approve, decline]) button.setAttribute('aria-describedby', why.id);
  const badge = el('span', { class: 'badge' });
  const mark = el('span', { class: 'mark', 'aria-hidden': 'true' });
  const outcome = el('p', { class: 'outcome' });
  const answeredBy = el('p', { class: 'answered-by', hidden: '' });
  const waitsFor = el('p', { class: 'waits-for', hidden: '' });
  const title = el('h2', { id: `${id}-title` }, copy.title);
  if (!copy.summary && !copy.title.includes(toolWords(interrupt.name))) title.title = interrupt.name;
  // An article, not a section: a named section is a landmark, and two cards may share a title.
  const element = el(
    'article',
    {
      class: 'approval',
      'data-ref': interrupt.ref,
      'data-tool': interrupt.name,
      'aria-labelledby': `${id}-title`,
      tabindex: '-1',
    },
    el('div', { class: 'head' }, mark, badge),
    title,
    copy.summary && el('p', { class: 'summary' }, copy.summary),
    copy.consequence &&
      el('p', { class: 'consequence' }, el('span', { 'aria-hidden': 'true' }, '⚠ '), copy.consequence),
    // What runs, as the tool presents it: the person approves this, not the title's paraphrase.
    whatRuns(presentationOf(interrupt.presented, interrupt.input), 'owner'),
    outcome,
    answeredBy,
    waitsFor,
    why,
    asked?.element,
    choices,
    form,
    details(interrupt),
  );
  return { element, approve, decline, choices, why, badge, mark, outcome, answeredBy, waitsFor };
}

/**
 * Shows `next` on the card: its badge and mark, its actions while it is open, and what came of it
 * (and who answered, `by`) once decided.
 */
function showState(
  parts: CardParts,
  form: HTMLFormElement,
  next: CardState,
  result: Outcome | undefined,
  by: string | undefined,
): void {
  parts.element.dataset.state = next;
  parts.badge.textContent = BADGES[next];
  parts.mark.textContent = MARKS[next];
  if (next !== 'waiting' && next !== 'working') {
    parts.choices.hidden = true;
    form.hidden = true;
  } else if (form.hidden) {
    parts.choices.hidden = false;
  }
  parts.outcome.hidden = !result;
  parts.outcome.textContent = result ? `${result.text}${next === 'approved' && result.ok ? ' ✓' : ''}` : '';
  parts.element.dataset.outcome = result?.ok === false ? 'not-done' : 'done';
  // An approved call whose tool failed: the mark says so, not the approval's tick.
  if (next === 'approved' && result?.ok === false) parts.mark.textContent = '!';
  parts.answeredBy.hidden = by === undefined;
  parts.answeredBy.textContent = by ?? '';
}

/** Shows the decline form in place of the two actions (`shown`), or the actions again. */
function toggleDeclineForm(parts: CardParts, form: DeclineForm, shown: boolean): void {
  form.element.hidden = !shown;
  parts.choices.hidden = shown;
  // The box's own scroll-into-view shows the box, not the buttons under it: show the whole form.
  if (shown) form.focus();
  else parts.decline.focus({ preventScroll: true });
  (shown ? form.element : parts.element).scrollIntoView({ block: 'nearest' });
}

/**
 * A card for an interrupt, in the person's words (the tool's interrupt metadata, approval-copy.ts):
 * what will happen and what can't be undone, the two actions side by side, the technical details
 * folded away. Choosing the decline action asks for an optional reason (decline-form.ts); once
 * decided, the card says what came of it ("Cancelled ✓", "Kept: <reason>") and who answered
 * ("Approved by you"; `viewerUid` is who is looking).
 */
export function approvalCard(
  interrupt: WireInterrupt,
  state: ApprovalState,
  actions: ApprovalActions,
  viewerUid?: () => string | undefined,
): ApprovalCard {
  const copy = approvalCopy(interrupt.name, interrupt.metadata);
  const id = `approval-${++cards}`;
  let output: unknown;
  let failed = false;
  let answeredBy: AnsweredBy | undefined;
  let declineReason: string | undefined;
  let waitsFor: string | undefined;
  const form = declineForm(id, copy.declineLabel, {
    decline: (why) => {
      if (parts.element.dataset.state === 'waiting') actions.decline(interrupt, why, card);
    },
    back: () => showDeclineForm(false),
  });
  const question = serverQuestion(interrupt.metadata, id);
  const asked = question?.form;
  const parts = cardParts(interrupt, copy, id, form.element, asked);
  const { element, approve, decline, why } = parts;
  const stateNow = (): CardState => element.dataset.state as CardState;

  const showDeclineForm = (shown: boolean): void => toggleDeclineForm(parts, form, shown);

  const card: ApprovalCard = {
    element,
    copy,
    setState(next, reason) {
      if (reason !== undefined) declineReason = reason;
      const decided = next === 'working' ? 'waiting' : next;
      const by = answeredByWords(decided, answeredBy, viewerUid?.());
      showState(parts, form.element, next, outcomeOf(decided, copy, output, { declineReason, failed }), by);
      const others = waitsFor !== undefined && decided === 'waiting';
      parts.waitsFor.hidden = !others;
      if (others) {
        parts.choices.hidden = true;
        form.element.hidden = true;
        parts.badge.textContent = `Waiting for ${waitsFor}`;
        parts.waitsFor.textContent = `${capitalized(waitsFor as string)} answers this request; the answer shows here. A new message withdraws it.`;
      }
      card.setBusy(next === 'working');
    },
    setWaitsFor(who) {
      if (who === waitsFor) return;
      waitsFor = who;
      card.setState(stateNow());
    },
    awaitsOthers: () => waitsFor !== undefined && stateNow() === 'waiting',
    setOutput(value, threw = false) {
      output = value;
      failed = threw;
      if (!card.isPending()) card.setState(stateNow());
    },
    setAnsweredBy(by) {
      answeredBy = by;
      if (!card.isPending()) card.setState(stateNow());
    },
    setBusy(busy) {
      const disabled = busy || stateNow() !== 'waiting';
      for (const control of [approve, decline, ...form.controls]) control.disabled = disabled;
      asked?.setDisabled(disabled);
      why.hidden = !disabled || !card.isPending() || card.awaitsOthers();
      why.textContent = stateNow() === 'working' ? WHY_WORKING : WHY_BUSY;
    },
    isPending: () => stateNow() === 'waiting' || stateNow() === 'working',
    focus: () => element.focus(),
  };

  approve.addEventListener('click', () => {
    if (!question) return actions.approve(interrupt, card);
    // The browser says what is missing or wrong, on the field itself; nothing is sent until it fits.
    const output = question.output();
    if (output) actions.respond(interrupt, card, output);
  });
  decline.addEventListener('click', () => showDeclineForm(true));
  card.setState(state);
  return card;
}
