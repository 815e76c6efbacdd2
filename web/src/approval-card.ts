import type { WireInterrupt } from '@callable-flows/client';
import { type ApprovalCopy, approvalCopy, COPY_FIELDS, outcomeOf, toolWords } from './approval-copy.js';
import { el, fieldList } from './dom.js';
import type { ApprovalState } from './transcript.js';

/** What the person can do with a pending approval. */
export interface ApprovalActions {
  approve(interrupt: WireInterrupt, card: ApprovalCard): void;
  /** `reason` is what the person typed, trimmed; undefined when they gave none. */
  decline(interrupt: WireInterrupt, reason: string | undefined, card: ApprovalCard): void;
}

/** An approval card on the page. */
export interface ApprovalCard {
  element: HTMLElement;
  /** The card's words (its title, its button labels). */
  copy: ApprovalCopy;
  /** Where the approval stands; `reason` is the person's reason for declining. */
  setState(state: ApprovalState | 'working', reason?: string): void;
  /** The tool's result, once it has one: an approved card says what came of it. */
  setOutput(output: unknown): void;
  /** Disables the buttons while any call runs. */
  setBusy(busy: boolean): void;
  /** True while it waits for the person's answer. */
  isPending(): boolean;
  /** Moves the keyboard focus to the card (a screen reader reads its title). */
  focus(): void;
}

const WHY_BUSY = 'You can answer once the assistant has finished its current step.';
const WHY_WORKING = 'Your answer is on its way; the buttons come back if it does not get through.';

const BADGES: Record<ApprovalState | 'working', string> = {
  pending: 'Approval needed',
  working: 'Sending your answer…',
  approved: 'Approved',
  denied: 'Declined',
  expired: 'Expired',
};

const MARKS: Record<ApprovalState | 'working', string> = {
  pending: '!',
  working: '…',
  approved: '✓',
  denied: '✕',
  expired: '⏱',
};

let cards = 0;

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

/**
 * A card for an interrupt, in the person's words (the tool's interrupt metadata, approval-copy.ts):
 * what will happen and what can't be undone, the two actions side by side, the technical details
 * folded away. Choosing the decline action asks for an optional reason (Enter sends it); once
 * decided, the card says what came of it ("Cancelled ✓", "Kept: <reason>").
 */
export function approvalCard(interrupt: WireInterrupt, state: ApprovalState, actions: ApprovalActions): ApprovalCard {
  const copy = approvalCopy(interrupt.name, interrupt.metadata);
  const id = `approval-${++cards}`;
  let output: unknown;
  let declineReason: string | undefined;

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

  const reason = el('input', {
    id: `${id}-reason`,
    type: 'text',
    class: 'reason',
    name: 'reason',
    maxlength: '500',
    autocomplete: 'off',
    enterkeyhint: 'send',
  });
  const confirmDecline = el('button', { type: 'submit', class: 'confirm-decline' }, copy.declineLabel);
  const back = el('button', { type: 'button', class: 'back' }, 'Back');
  const declineForm = el(
    'form',
    { class: 'decline-form', hidden: '' },
    el('label', { for: reason.id }, 'Reason (optional)'),
    el('p', { class: 'hint', id: `${id}-hint` }, `The assistant is told you chose “${copy.declineLabel}” and why.`),
    reason,
    el('div', { class: 'choices' }, confirmDecline, back),
  );
  reason.setAttribute('aria-describedby', `${id}-hint`);

  const badge = el('span', { class: 'badge' });
  const mark = el('span', { class: 'mark', 'aria-hidden': 'true' });
  const outcome = el('p', { class: 'outcome' });
  const title = el('h2', { id: `${id}-title` }, copy.title);
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
    outcome,
    why,
    choices,
    declineForm,
    details(interrupt),
  );
  if (!copy.summary && !copy.title.includes(toolWords(interrupt.name))) title.title = interrupt.name;

  const showDeclineForm = (shown: boolean): void => {
    declineForm.hidden = !shown;
    choices.hidden = shown;
    // The box's own scroll-into-view shows the box, not the buttons under it: show the whole form.
    (shown ? reason : decline).focus({ preventScroll: true });
    (shown ? declineForm : element).scrollIntoView({ block: 'nearest' });
  };

  const card: ApprovalCard = {
    element,
    copy,
    setState(next, why) {
      if (why !== undefined) declineReason = why;
      element.dataset.state = next;
      badge.textContent = BADGES[next];
      mark.textContent = MARKS[next];
      const open = next === 'pending' || next === 'working';
      if (!open) {
        choices.hidden = true;
        declineForm.hidden = true;
      } else if (declineForm.hidden) {
        choices.hidden = false;
      }
      const result = outcomeOf(next === 'working' ? 'pending' : next, copy, output, declineReason);
      outcome.hidden = !result;
      outcome.textContent = result ? `${result.text}${next === 'approved' && result.ok ? ' ✓' : ''}` : '';
      element.dataset.outcome = result?.ok === false ? 'not-done' : 'done';
      card.setBusy(next === 'working');
    },
    setOutput(value) {
      output = value;
      const current = element.dataset.state as ApprovalState | 'working';
      if (current !== 'pending' && current !== 'working') card.setState(current);
    },
    setBusy(busy) {
      const disabled = busy || element.dataset.state !== 'pending';
      for (const control of [approve, decline, reason, confirmDecline, back]) control.disabled = disabled;
      const state = element.dataset.state;
      why.hidden = !disabled || (state !== 'pending' && state !== 'working');
      why.textContent = state === 'working' ? WHY_WORKING : WHY_BUSY;
    },
    isPending: () => element.dataset.state === 'pending' || element.dataset.state === 'working',
    focus: () => element.focus(),
  };

  approve.addEventListener('click', () => actions.approve(interrupt, card));
  decline.addEventListener('click', () => showDeclineForm(true));
  back.addEventListener('click', () => showDeclineForm(false));
  declineForm.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.isComposing) return;
    event.preventDefault();
    showDeclineForm(false);
  });
  declineForm.addEventListener('submit', (event) => {
    event.preventDefault();
    if (element.dataset.state !== 'pending') return;
    const why = reason.value.trim() || undefined;
    actions.decline(interrupt, why, card);
  });
  card.setState(state);
  return card;
}
