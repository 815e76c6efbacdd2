import { el } from './dom.js';

let editors = 0;

/**
 * Opens an editor in place of the person's message `message` (its bubble and controls hidden
 * meanwhile): a box with its words, Save and Cancel. Enter saves (Shift+Enter starts a new line),
 * Escape cancels; Cancel puts the focus back on `returnTo`. Save with words calls `save`, which
 * redraws the conversation (the editor goes with it).
 */
export function openMessageEditor(
  message: HTMLElement,
  text: string,
  save: (text: string) => void,
  returnTo: () => HTMLElement | null,
): void {
  if (message.querySelector('form.edit-message')) return;
  const id = `edit-message-${++editors}`;
  const input = el('textarea', { id, rows: '3' });
  input.value = text;
  const cancel = el('button', { type: 'button', class: 'secondary' }, 'Cancel');
  const form = el(
    'form',
    { class: 'edit-message' },
    el('label', { for: id, class: 'visually-hidden' }, 'Edit your message'),
    input,
    el('p', { class: 'edit-hint' }, 'Saving asks again from here, as a new version: this one stays.'),
    el('div', { class: 'edit-actions' }, cancel, el('button', { type: 'submit' }, 'Save')),
  );
  const hidden = [...message.children].filter((child): child is HTMLElement => child instanceof HTMLElement);
  const close = (): void => {
    form.remove();
    message.classList.remove('editing');
    for (const child of hidden) child.hidden = child.dataset.wasHidden === 'true';
    returnTo()?.focus();
  };
  for (const child of hidden) {
    child.dataset.wasHidden = String(child.hidden);
    child.hidden = true;
  }
  message.classList.add('editing');
  message.append(form);
  cancel.addEventListener('click', close);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (input.value.trim()) save(input.value);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
}
