import type { Approval, ApprovalDecision } from '@callable-flows/client';
import { approvalCopy } from './approval-copy.js';
import { declineForm } from './decline-form.js';
import { el, fieldList } from './dom.js';
import { serverQuestion } from './elicitation-form.js';
import { askerWords, presentedFields, timeWords } from './inbox-words.js';
import { whatRuns } from './what-runs.js';

/** What the approver does with an entry: answers it; rejects with the error when the answer was refused. */
export type AnswerEntry = (approval: Approval, decision: ApprovalDecision) => Promise<void>;

/** One call of the approvals inbox on the page. */
export interface InboxEntry {
  element: HTMLElement;
  /** The times again, as of `now` (the list redraws them each minute). */
  tick(now: number): void;
  /** True once this approver's answer got through (the entry stays, answered, in "Answered here"). */
  answered(): boolean;
  /** True while this approver's answer is on its way (the watch may see the call leave the list first). */
  answering(): boolean;
  /** The call can't be answered any more (someone else did, it expired): no buttons; the words stay. */
  close(): void;
}

let entries = 0;

/** What an entry says once this approver's answer got through. */
const DONE_WORDS: Record<ApprovalDecision['kind'], string> = {
  approve: 'Approved',
  respond: 'Answered',
  decline: 'Declined',
};

/**
 * An inbox entry for an approver: the tool's words for the call (its interrupt metadata, as on
 * the owner's card), what runs as the tool presents it (a document written before presentations:
 * the metadata it presents beside its words), who
 * asks, since when and until when; Approve, or Decline with an optional reason. Once the answer
 * got through it says so ("Approved by you"); a refused one says why and stays answerable when it
 * still can be.
 */
export function inboxEntry(
  approval: Approval,
  names: ReadonlyMap<string, string>,
  answer: AnswerEntry,
  errorText: (error: unknown) => string,
): InboxEntry {
  const copy = approvalCopy(approval.tool, approval.metadata);
  const id = `inbox-${++entries}`;
  const approve = el('button', { type: 'button', class: 'approve' }, copy.approveLabel);
  const decline = el('button', { type: 'button', class: 'decline' }, copy.declineLabel);
  const choices = el('div', { class: 'choices' }, approve, decline);
  const times = el('p', { class: 'times' });
  const status = el('p', { class: 'status', role: 'status' });
  const answeredBy = el('p', { class: 'answered-by', hidden: '' });
  // An MCP server's own question: its form is answered here (respond), the call runs with it.
  const question = serverQuestion(approval.metadata, id);
  let done = false;
  let sending = false;
  const controls = () => [approve, decline, ...form.controls];

  const decide = async (decision: ApprovalDecision): Promise<void> => {
    for (const control of controls()) control.disabled = true;
    question?.form?.setDisabled(true);
    status.textContent = 'Sending your answer…';
    sending = true;
    try {
      await answer(approval, decision);
      done = true;
      element.dataset.state = decision.kind === 'decline' ? 'declined' : 'approved';
      choices.hidden = true;
      form.element.hidden = true;
      status.textContent = '';
      answeredBy.hidden = false;
      answeredBy.textContent = `${DONE_WORDS[decision.kind]} by you`;
    } catch (error) {
      status.textContent = errorText(error);
      for (const control of controls()) control.disabled = false;
      question?.form?.setDisabled(false);
    } finally {
      sending = false;
    }
  };

  const form = declineForm(id, copy.declineLabel, {
    decline: (reason) => void decide(reason === undefined ? { kind: 'decline' } : { kind: 'decline', reason }),
    back: () => {
      form.element.hidden = true;
      choices.hidden = false;
      decline.focus();
    },
  });
  const element = el(
    'article',
    {
      class: 'inbox-entry',
      'data-id': approval.id,
      'data-tool': approval.tool,
      'data-state': 'waiting',
      'aria-labelledby': `${id}-title`,
    },
    el('h3', { id: `${id}-title` }, copy.title),
    copy.summary && el('p', { class: 'summary' }, copy.summary),
    copy.consequence && el('p', { class: 'consequence' }, copy.consequence),
    approval.presented ? whatRuns(approval.presented, 'approver') : fieldList(presentedFields(approval.metadata)),
    el('p', { class: 'asker' }, 'Asked by ', el('span', { class: 'who' }, askerWords(approval.ownerUid, names))),
    times,
    answeredBy,
    status,
    question?.form?.element,
    choices,
    form.element,
  );
  approve.addEventListener('click', () => {
    if (!question) return void decide({ kind: 'approve' });
    // The browser says what is missing or wrong, on the field itself; nothing is sent until it fits.
    const output = question.output();
    if (output) void decide({ kind: 'respond', output });
  });
  decline.addEventListener('click', () => {
    choices.hidden = true;
    form.element.hidden = false;
    form.focus();
  });
  const tick = (now: number): void => {
    const words = timeWords(approval, now);
    times.textContent = `${words.waiting} · ${words.expires}`;
  };
  tick(Date.now());
  const close = (): void => {
    choices.hidden = true;
    form.element.hidden = true;
    question?.form?.setDisabled(true);
    element.dataset.state = 'closed';
  };
  return { element, tick, answered: () => done, answering: () => sending, close };
}
