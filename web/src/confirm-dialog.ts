import { el } from './dom.js';

/** What a confirmation asks. */
export interface Confirmation {
  title: string;
  text: string;
  /** The button that goes ahead. */
  confirm: string;
  /** The button that keeps things as they are (also Escape). */
  cancel: string;
}

/**
 * Asks the person to confirm, in a modal dialog of the page (focus stays inside it; Escape
 * cancels); resolves to true when they go ahead.
 */
export function confirmDialog(ask: Confirmation): Promise<boolean> {
  // Starting over loses nothing stored (the conversation stays in the list): not styled as destructive.
  const go = el('button', { type: 'submit', value: 'confirm' }, ask.confirm);
  const stay = el('button', { type: 'submit', value: 'cancel', class: 'secondary', autofocus: '' }, ask.cancel);
  const dialog = el(
    'dialog',
    { class: 'confirm', 'aria-labelledby': 'confirm-title', 'aria-describedby': 'confirm-text' },
    el(
      'form',
      { method: 'dialog' },
      el('h2', { id: 'confirm-title' }, ask.title),
      el('p', { id: 'confirm-text' }, ask.text),
      el('div', { class: 'choices' }, stay, go),
    ),
  );
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(dialog.returnValue === 'confirm');
    });
    dialog.showModal();
  });
}
