import { el } from './dom.js';

/** The form that asks why a person declines an approval. */
export interface DeclineForm {
  element: HTMLFormElement;
  /** Its controls: disabled whenever the card's buttons are. */
  controls: readonly (HTMLInputElement | HTMLButtonElement)[];
  /** Moves the keyboard focus to the reason box (the page doesn't scroll for it). */
  focus(): void;
}

/** What the form's person does: declines (`reason` trimmed, undefined when they gave none), or goes back. */
export interface DeclineFormActions {
  decline(reason: string | undefined): void;
  back(): void;
}

/**
 * The decline form of approval card `id`, hidden until shown: a labelled, optional reason box (Enter
 * sends it, with the decline action's words, `label`), and *Back*; Escape goes back too.
 */
export function declineForm(id: string, label: string, actions: DeclineFormActions): DeclineForm {
  const reason = el('input', {
    id: `${id}-reason`,
    type: 'text',
    class: 'reason',
    name: 'reason',
    maxlength: '500',
    autocomplete: 'off',
    enterkeyhint: 'send',
  });
  const confirm = el('button', { type: 'submit', class: 'confirm-decline' }, label);
  const back = el('button', { type: 'button', class: 'back' }, 'Back');
  const element = el(
    'form',
    { class: 'decline-form', hidden: '' },
    el('label', { for: reason.id }, 'Reason (optional)'),
    el('p', { class: 'hint', id: `${id}-hint` }, `The assistant is told you chose “${label}” and why.`),
    reason,
    el('div', { class: 'choices' }, confirm, back),
  );
  reason.setAttribute('aria-describedby', `${id}-hint`);

  back.addEventListener('click', () => actions.back());
  element.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.isComposing) return;
    event.preventDefault();
    actions.back();
  });
  element.addEventListener('submit', (event) => {
    event.preventDefault();
    actions.decline(reason.value.trim() || undefined);
  });
  return { element, controls: [reason, confirm, back], focus: () => reason.focus({ preventScroll: true }) };
}
