import { el } from './dom.js';

/** The header's controls that collapse into its menu where they don't fit, first to go first. */
const COLLAPSE_ORDER = ['#notify', '#history', '#approvals'];

/** The header's menu: the controls that don't fit beside who is signed in, behind one button. */
export interface HeaderMenu {
  /** Puts each control where it fits now (the header's width, or its controls, changed). */
  refit(): void;
  /** Closes the menu (`focusButton`: the keyboard focus goes back to its button). */
  close(focusButton?: boolean): void;
}

/** True when the header shows everything on one row, none of it pushed past its edge. */
const fits = (header: HTMLElement): boolean => header.scrollWidth <= header.clientWidth;

/**
 * Collapses the header's controls (`actions`, but its last one, "New") into a menu where they
 * don't fit on one row beside the name and who is signed in (a 360 px phone, a manager's
 * Approvals button): a disclosure button (`aria-expanded`) whose panel follows it, so Tab reaches
 * its items in order; Escape or a click elsewhere closes it, and choosing an item does. Where
 * everything fits, the button is hidden and the controls stand in the row as they are.
 */
export function headerMenu(header: HTMLElement, actions: HTMLElement): HeaderMenu {
  const panel = el('div', { id: 'header-menu', class: 'header-menu', hidden: '' });
  const button = el(
    'button',
    {
      type: 'button',
      id: 'menu',
      class: 'secondary menu-button',
      'aria-expanded': 'false',
      'aria-controls': panel.id,
      'aria-label': 'Menu',
      hidden: '',
    },
    el('span', { 'aria-hidden': 'true', class: 'icon' }, '⋯'),
    el('span', { class: 'long' }, 'Menu'),
  );
  const newButton = actions.lastElementChild;
  actions.insertBefore(button, newButton);
  actions.insertBefore(panel, newButton);

  // Its own moves and the menu's opening are not changes to refit for: their records are dropped.
  const watcher = new MutationObserver(() => refit());
  const open = (shown: boolean): void => {
    panel.hidden = !shown;
    button.setAttribute('aria-expanded', String(shown));
    watcher.takeRecords();
  };
  const close = (focusButton = false): void => {
    if (panel.hidden) return;
    open(false);
    if (focusButton) button.focus();
  };
  const collapsible = (): HTMLElement[] =>
    COLLAPSE_ORDER.flatMap((selector) => {
      const control = document.querySelector<HTMLElement>(selector);
      return control ? [control] : [];
    });

  const refit = (): void => {
    // A control moved loses the keyboard focus: it gets it back once in its place.
    const focused = document.activeElement;
    // Every control back in the row, in its order, then out of it one by one until the row fits.
    const controls = collapsible();
    for (const control of [...panel.children]) actions.insertBefore(control, button);
    button.hidden = true;
    for (const control of controls) {
      if (fits(header)) break;
      button.hidden = false;
      panel.prepend(control);
    }
    const collapsed = [...panel.children].some((control) => !(control as HTMLElement).hidden);
    button.hidden = !collapsed;
    if (!collapsed) open(false);
    if (focused instanceof HTMLElement && focused !== document.activeElement) focused.focus({ preventScroll: true });
    watcher.takeRecords();
  };

  button.addEventListener('click', () => open(panel.hidden !== false));
  // Choosing an item closes the menu (the item's own click has run: a dialog it opened keeps the focus).
  panel.addEventListener('click', (event) => {
    if ((event.target as Element).closest('button')) close();
  });
  actions.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) {
      event.stopPropagation();
      close(true);
    }
  });
  document.addEventListener('click', (event) => {
    if (!actions.contains(event.target as Node)) close();
  });
  window.addEventListener('resize', refit);
  watcher.observe(actions, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
  refit();
  return { refit, close };
}
