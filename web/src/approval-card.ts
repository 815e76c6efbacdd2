import { denialOutput } from './denial-output.js';
import { el, fieldList, shown } from './dom.js';
import type { ApprovalState } from './transcript.js';
import type { WireInterrupt } from './wire.js';

/** What the person can do with a pending approval. */
export interface ApprovalActions {
  approve(interrupt: WireInterrupt, card: ApprovalCard): void;
  deny(interrupt: WireInterrupt, output: Record<string, unknown>, card: ApprovalCard): void;
}

/** An approval card on the page. */
export interface ApprovalCard {
  element: HTMLElement;
  /** Shows where the approval stands; `note` says more (the denial's reason, what happened). */
  setState(state: ApprovalState | 'working', note?: string): void;
  /** Disables the buttons while any call runs. */
  setBusy(busy: boolean): void;
}

const STATE_WORDS: Record<ApprovalState | 'working', string> = {
  pending: 'Waiting for your answer',
  working: 'Sending your answer…',
  approved: 'Approved',
  denied: 'Denied',
  expired: 'Expired: this approval was not answered in time, so nothing was done.',
};

const questionOf = (interrupt: WireInterrupt): string | undefined => {
  const question = interrupt.metadata === true ? undefined : interrupt.metadata.question;
  return typeof question === 'string' ? question : undefined;
};

/**
 * A card for an interrupt: what the tool wants to do (its question, its input, the
 * interrupt's metadata) and, while it is pending, Approve and Deny with a reason.
 */
export function approvalCard(interrupt: WireInterrupt, state: ApprovalState, actions: ApprovalActions): ApprovalCard {
  const approve = el('button', { type: 'button', class: 'approve' }, 'Approve');
  const reason = el('input', {
    type: 'text',
    class: 'reason',
    placeholder: 'Reason for denying (optional)',
    'aria-label': 'Reason for denying',
    maxlength: '500',
  });
  const deny = el('button', { type: 'button', class: 'deny' }, 'Deny');
  const status = el('p', { class: 'status', role: 'status' });
  const badge = el('p', { class: 'badge' });
  const controls = el('div', { class: 'actions' }, approve, reason, deny);
  const element = el(
    'section',
    { class: 'approval', 'data-ref': interrupt.ref, 'data-tool': interrupt.name, 'aria-label': 'Approval' },
    badge,
    el('h3', {}, questionOf(interrupt) ?? `The assistant wants to run ${interrupt.name}.`),
    el('p', { class: 'what' }, 'The assistant wants to run ', el('code', {}, interrupt.name), ' with:'),
    fieldList(interrupt.input),
    interrupt.metadata !== true &&
      el('details', { open: '' }, el('summary', {}, 'Details'), fieldList(interrupt.metadata)),
    controls,
    status,
  );
  const card: ApprovalCard = {
    element,
    setState(next, note) {
      element.dataset.state = next;
      badge.textContent = next === 'pending' || next === 'working' ? 'Approval needed' : 'Approval';
      controls.hidden = next !== 'pending' && next !== 'working';
      status.textContent = note ? `${STATE_WORDS[next]}: ${shown(note, 300)}` : STATE_WORDS[next];
      card.setBusy(next === 'working');
    },
    setBusy(busy) {
      for (const control of [approve, reason, deny]) control.disabled = busy || element.dataset.state !== 'pending';
    },
  };
  approve.addEventListener('click', () => actions.approve(interrupt, card));
  deny.addEventListener('click', () => actions.deny(interrupt, denialOutput(interrupt, reason.value), card));
  card.setState(state);
  return card;
}
