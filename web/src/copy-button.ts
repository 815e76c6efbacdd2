import { el } from './dom.js';

/** How long "Copied" shows after a copy. */
const COPIED_MS = 2_000;

/**
 * A button that copies `text()` to the clipboard (navigator.clipboard) and says "Copied" for a
 * moment. Its words are drawn by the stylesheet from `data-label` (and named by `aria-label`),
 * so the bubble's own text stays the answer's words.
 */
export function copyButton(what: string, text: () => string): HTMLButtonElement {
  const label = `Copy ${what}`;
  const button = el('button', { type: 'button', class: 'copy', 'aria-label': label, 'data-label': 'Copy' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  button.addEventListener('click', () => {
    void navigator.clipboard.writeText(text()).then(
      () => {
        button.dataset.label = 'Copied';
        button.setAttribute('aria-label', 'Copied');
        clearTimeout(timer);
        timer = setTimeout(() => {
          button.dataset.label = 'Copy';
          button.setAttribute('aria-label', label);
        }, COPIED_MS);
      },
      () => {
        button.dataset.label = 'Copy failed';
        button.setAttribute('aria-label', 'Copy failed');
      },
    );
  });
  return button;
}
