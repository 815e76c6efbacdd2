import { countdown } from './countdown.js';
import { el } from './dom.js';
import { keepOrderIdsWhole } from './order-ids.js';
import { QUEUED_WORDS } from './queued-messages.js';

/** Where a message of the person's stands: on its way, waiting behind the running turn, with the assistant, or not sent. */
export type MessageState = 'pending' | 'queued' | 'sent' | 'failed';

const STATUS_WORDS: Record<MessageState, string> = {
  pending: 'Sending…',
  queued: QUEUED_WORDS,
  sent: '',
  failed: 'Not sent',
};

/** What the person can do with a message that was not sent. */
export interface UnsentActions {
  /** Sends it again (the same request id, so it can never run twice); absent when trying again can't help. */
  retry?: () => void;
  /** When Retry may be used (epoch ms): the server asked to wait; until then it counts down, disabled. */
  retryFrom?: number;
  /** Takes it back into the message box and off the page. */
  edit: () => void;
}

/** A message of the person's on the page. */
export interface MessageBubble {
  element: HTMLElement;
  text: string;
  /** Shows where it stands; a failed one offers Retry and Edit. */
  setState(state: MessageState, actions?: UnsentActions): void;
}

/** A message this long (characters or lines) shows folded, with "Show more". */
const FOLD_CHARS = 700;
const FOLD_LINES = 12;

let bubbles = 0;

/** A "Show more" / "Show less" button for a long message, which starts folded. */
function foldToggle(bubble: HTMLElement): HTMLButtonElement {
  bubble.id = `message-${++bubbles}`;
  bubble.classList.add('folded');
  const toggle = el(
    'button',
    { type: 'button', class: 'link fold', 'aria-expanded': 'false', 'aria-controls': bubble.id },
    'Show more',
  );
  toggle.addEventListener('click', () => {
    const folded = bubble.classList.toggle('folded');
    toggle.setAttribute('aria-expanded', String(!folded));
    toggle.textContent = folded ? 'Show more' : 'Show less';
  });
  return toggle;
}

/**
 * A bubble for a message of the person's that says honestly where it stands: "Sending…" until
 * the assistant has it, "Queued" while it waits for the running turn, nothing once it has, "Not sent" with Retry and Edit when it never got
 * there. A long one (a paste) shows folded, with "Show more".
 */
export function messageBubble(text: string, state: MessageState): MessageBubble {
  const status = el('span', { class: 'message-status' });
  const footer = el('div', { class: 'message-footer' });
  const body = el('div', { class: 'bubble user' }, text);
  keepOrderIdsWhole(body);
  const long = text.length > FOLD_CHARS || text.split('\n').length > FOLD_LINES;
  const element = el('div', { class: 'message user' }, body, long && foldToggle(body), footer);
  let stopCountdown: (() => void) | undefined;
  const bubble: MessageBubble = {
    element,
    text,
    setState(next, actions) {
      stopCountdown?.();
      element.dataset.state = next;
      status.textContent = STATUS_WORDS[next];
      footer.replaceChildren(status);
      footer.hidden = next === 'sent';
      if (next === 'failed' && actions) {
        if (actions.retry) {
          const retry = button('Retry', actions.retry);
          if (actions.retryFrom !== undefined) stopCountdown = waitToRetry(retry, actions.retryFrom);
          footer.append(retry);
        }
        footer.append(button('Edit', actions.edit));
      }
    },
  };
  bubble.setState(state);
  return bubble;
}

/** Keeps `retry` disabled, saying how long is left ("Retry in 7 s"), until `from`. */
function waitToRetry(retry: HTMLButtonElement, from: number): () => void {
  return countdown(from, (seconds) => {
    retry.disabled = seconds > 0;
    retry.textContent = seconds > 0 ? `Retry in ${seconds} s` : 'Retry';
  });
}

function button(label: string, run: () => void): HTMLButtonElement {
  const action = el('button', { type: 'button', class: 'link' }, label);
  action.addEventListener('click', run);
  return action;
}
