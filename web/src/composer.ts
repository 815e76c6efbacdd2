import { MESSAGE_MAX_CHARS } from './message-limit.js';

/** What the message box can do now. */
export type ComposerMode =
  | 'signing-in'
  | 'loading'
  | 'ready'
  | 'older'
  | 'queue'
  | 'busy'
  | 'running'
  | 'approval'
  | 'signed-out';

/**
 * The modes in which the box takes a message: `queue` while a turn runs (it waits for that turn),
 * `older` while an earlier version of the conversation is shown (the message goes on from the newest).
 */
const TAKES_MESSAGES: ReadonlySet<ComposerMode> = new Set(['ready', 'older', 'queue']);

/** The parts of the page the composer drives. */
export interface ComposerElements {
  form: HTMLFormElement;
  input: HTMLTextAreaElement;
  send: HTMLButtonElement;
  counter: HTMLElement;
  hint: HTMLElement;
}

const HINTS: Record<ComposerMode, string> = {
  'signing-in': 'Signing you in…',
  loading: 'Loading your conversation…',
  ready: '',
  older: 'You are reading an earlier version. A message you send goes on from the newest.',
  queue: 'A message you send now waits for the current answer, then goes.',
  busy: 'The assistant is answering. You can write once it has answered, or stop it.',
  running: 'The assistant is still working on the last request here. You can write once it has answered, or stop it.',
  approval: 'Answer the approval above to continue.',
  'signed-out': 'You are signed out. Reload the page to sign in again.',
};

// The counter appears once a message nears the limit, so it says something when it shows.
const COUNTER_FROM = MESSAGE_MAX_CHARS - 2_000;

/**
 * The message box: a multi-line box that grows with its text (Enter sends, Shift+Enter starts a
 * new line), a counter near the server's limit (a longer paste is kept and refused with a word,
 * never cut), and a hint that says why it is disabled.
 */
export class Composer {
  private mode: ComposerMode = 'signing-in';

  constructor(
    private readonly elements: ComposerElements,
    private readonly onSend: (text: string) => void,
  ) {
    const { form, input } = elements;
    input.addEventListener('input', () => this.update());
    input.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
      event.preventDefault();
      form.requestSubmit();
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!this.canSend()) return;
      const text = input.value;
      input.value = '';
      this.update();
      this.onSend(text);
    });
    this.setMode('signing-in');
  }

  /** Enables or disables the box, with the hint that says why. */
  setMode(mode: ComposerMode): void {
    const wasReady = TAKES_MESSAGES.has(this.mode);
    this.mode = mode;
    const { input, hint, form } = this.elements;
    input.disabled = !TAKES_MESSAGES.has(mode);
    form.dataset.mode = mode;
    hint.textContent = HINTS[mode];
    hint.hidden = HINTS[mode] === '';
    this.update();
    if (TAKES_MESSAGES.has(mode) && !wasReady) input.focus({ preventScroll: true });
  }

  /** Puts `text` back in the box (a message the person takes back to edit). */
  setText(text: string): void {
    this.elements.input.value = text;
    this.update();
    this.elements.input.focus();
  }

  private canSend(): boolean {
    const text = this.elements.input.value;
    return TAKES_MESSAGES.has(this.mode) && text.trim().length > 0 && text.length <= MESSAGE_MAX_CHARS;
  }

  private update(): void {
    const { input, send, counter } = this.elements;
    const length = input.value.length;
    const over = length > MESSAGE_MAX_CHARS;
    counter.hidden = length < COUNTER_FROM;
    counter.textContent = over
      ? `${(length - MESSAGE_MAX_CHARS).toLocaleString('en-US')} characters over the ${MESSAGE_MAX_CHARS.toLocaleString('en-US')} limit`
      : `${length.toLocaleString('en-US')} / ${MESSAGE_MAX_CHARS.toLocaleString('en-US')}`;
    counter.dataset.over = String(over);
    input.setAttribute('aria-invalid', String(over));
    send.disabled = !this.canSend();
    // Grow with the text: measure from one line, the stylesheet's max-height caps it.
    input.style.height = 'auto';
    input.style.height = `${input.scrollHeight + 2}px`;
  }
}
