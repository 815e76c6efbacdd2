import { el } from './dom.js';

/** What the "New words below" control says. */
export const NEW_WORDS_BELOW = 'New words below';

/**
 * A reader who scrolled up to read is left where they are while the answer grows below them;
 * this control says so, and takes them to the newest words (and keeps them there) when pressed.
 * It shows only while something arrived below what the reader sees.
 */
export class NewWordsBelow {
  readonly element: HTMLButtonElement;

  constructor(jump: () => void) {
    this.element = el(
      'button',
      { type: 'button', class: 'new-words secondary', hidden: '' },
      el('span', { 'aria-hidden': 'true' }, '↓ '),
      NEW_WORDS_BELOW,
    );
    this.element.addEventListener('click', () => {
      this.hide();
      jump();
    });
  }

  /** Something arrived below while the reader is not at the bottom. */
  show(): void {
    this.element.hidden = false;
  }

  /** The reader is at the bottom again (or the page shows another conversation). */
  hide(): void {
    this.element.hidden = true;
  }
}
