import type { BranchControls, UserControls, VersionsAt } from './branch-controls.js';
import { el } from './dom.js';
import { openMessageEditor } from './message-editor.js';

// The branch controls on the drawn conversation: under each of the person's messages its
// `< 2 / 3 >` switcher (where it has versions) and Edit, and Regenerate under the last answer.
// They go on the nodes the log already holds (as the message times do), so a stream's drawing
// and a stored session's get the same, and a redraw that changes nothing leaves them (and the
// focus on them) alone.

/** What the person can do with the branch controls: the app's side. */
export interface BranchActions {
  /** Edits message `index` of the shown branch to `text`: a new version from there. */
  edit(index: number, text: string): void;
  /** Shows version `branch` of message `index` (`from`: the switcher button used). */
  show(branch: string, index: number, from: 'previous' | 'next'): void;
  /** Asks for the last answer again: a new version of it. */
  regenerate(): void;
}

/** The `< 2 / 3 >` switcher of message `index`'s versions. */
function versionSwitcher(index: number, versions: VersionsAt, actions: BranchActions): HTMLElement {
  const { shown, branches } = versions;
  const step = (label: string, sign: '‹' | '›', to: number, from: 'previous' | 'next'): HTMLButtonElement => {
    const button = el(
      'button',
      { type: 'button', class: 'version-step', 'aria-label': label, 'data-step': from },
      sign,
    );
    const branch = branches[to];
    button.disabled = branch === undefined;
    if (branch !== undefined) button.addEventListener('click', () => actions.show(branch, index, from));
    return button;
  };
  const count = `${shown + 1} / ${branches.length}`;
  return el(
    'div',
    { class: 'versions', role: 'group', 'aria-label': 'Versions of this message' },
    step('Previous version', '‹', shown - 1, 'previous'),
    el(
      'span',
      { class: 'version-count' },
      el('span', { 'aria-hidden': 'true' }, count),
      el('span', { class: 'visually-hidden' }, `Version ${shown + 1} of ${branches.length}`),
    ),
    step('Next version', '›', shown + 1, 'next'),
  );
}

/** Edit on a message of the person's; a message the client can't edit says why (and does nothing). */
function editButton(message: HTMLElement, controls: UserControls, actions: BranchActions): HTMLButtonElement {
  const button = el('button', { type: 'button', class: 'link edit-sent' }, 'Edit');
  if (controls.editRefusal !== undefined) {
    // Focusable, so the reason reaches a keyboard and a screen reader too (its description).
    button.setAttribute('aria-disabled', 'true');
    button.title = controls.editRefusal;
    return button;
  }
  button.addEventListener('click', () =>
    openMessageEditor(
      message,
      controls.text,
      (text) => actions.edit(controls.index, text),
      () => message.querySelector<HTMLElement>('.edit-sent'),
    ),
  );
  return button;
}

/** Puts `controls` on the person's message `message`, unless it has them already (or is being edited). */
function decorateUser(message: HTMLElement, controls: UserControls | undefined, actions: BranchActions): void {
  if (message.classList.contains('editing')) return;
  const key = JSON.stringify(controls ?? null);
  const old = message.querySelector<HTMLElement>(':scope > .message-actions');
  if (old?.dataset.key === key) return;
  old?.remove();
  if (!controls) return;
  const row = el(
    'div',
    { class: 'message-actions', 'data-key': key },
    controls.versions && versionSwitcher(controls.index, controls.versions, actions),
    editButton(message, controls, actions),
  );
  // Its time stays last, under the controls.
  const stamp = message.querySelector(':scope > .stamp');
  if (stamp) stamp.before(row);
  else message.append(row);
}

/** Puts Regenerate under the answer `bubble` (after its time), unless it is there already. */
function decorateAnswer(bubble: HTMLElement, actions: BranchActions): void {
  const next = bubble.nextElementSibling;
  const after = next?.classList.contains('stamp-row') ? next : bubble;
  if (after.nextElementSibling?.classList.contains('answer-actions')) return;
  const regenerate = el('button', { type: 'button', class: 'link regenerate' }, 'Regenerate');
  regenerate.addEventListener('click', () => {
    regenerate.disabled = true;
    actions.regenerate();
  });
  after.after(el('div', { class: 'answer-actions' }, regenerate));
}

/**
 * Shows `controls` on the conversation in `log` (none: takes them off, as while a turn runs).
 * The person's messages are matched in order, as the transcript lists them.
 */
export function showBranchControls(
  log: HTMLElement,
  controls: BranchControls | undefined,
  actions: BranchActions,
): void {
  const users = [...log.querySelectorAll<HTMLElement>('.message.user:not([data-state="failed"])')];
  for (const [i, message] of users.entries()) decorateUser(message, controls?.users[i], actions);
  const answers = [...log.querySelectorAll<HTMLElement>('.bubble.assistant')];
  const last = answers.at(-1);
  for (const row of log.querySelectorAll('.answer-actions')) {
    const bubble = row.previousElementSibling?.classList.contains('stamp-row')
      ? row.previousElementSibling.previousElementSibling
      : row.previousElementSibling;
    if (!controls?.regenerate || bubble !== last) row.remove();
  }
  if (controls?.regenerate && last) decorateAnswer(last, actions);
}

/** Puts the focus on message `index`'s switcher button `from` (the other one when that is disabled now). */
export function focusVersions(log: HTMLElement, index: number, from: 'previous' | 'next'): void {
  const users = [...log.querySelectorAll<HTMLElement>('.message.user:not([data-state="failed"])')];
  for (const message of users) {
    const row = message.querySelector<HTMLElement>(':scope > .message-actions');
    if (!row || (JSON.parse(row.dataset.key ?? 'null') as UserControls | null)?.index !== index) continue;
    const buttons = [...row.querySelectorAll<HTMLButtonElement>('.version-step')];
    const target = buttons.find((b) => b.dataset.step === from && !b.disabled) ?? buttons.find((b) => !b.disabled);
    target?.focus();
    return;
  }
}
