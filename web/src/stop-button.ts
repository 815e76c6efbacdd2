/** Where the Stop button stands: `hidden` while no turn runs, `stopping` once asked (until the turn ends). */
export type StopState = 'hidden' | 'ready' | 'stopping';

/**
 * The composer's Stop button: shown while a turn runs on the session on the page (this tab's,
 * or another's, as the session's watch tells), so any tab can stop it. A stop asked shows as
 * "Stopping…" until the turn has ended; it stays focusable (`aria-disabled`, not `disabled`) so a
 * keyboard user's focus is not dropped while they wait.
 */
export class StopButton {
  private state: StopState = 'hidden';

  constructor(
    private readonly button: HTMLButtonElement,
    onStop: () => void,
  ) {
    button.addEventListener('click', () => {
      if (this.state === 'ready') onStop();
    });
    this.set('hidden');
  }

  set(state: StopState): void {
    this.state = state;
    const { button } = this;
    button.hidden = state === 'hidden';
    button.setAttribute('aria-disabled', String(state !== 'ready'));
    button.dataset.state = state;
    (button.lastChild as Text).textContent = state === 'stopping' ? 'Stopping…' : 'Stop';
  }
}
