import { el } from './dom.js';

/** Where a message of the person's stands: on its way, with the assistant, or not sent. */
export type MessageState = 'pending' | 'sent' | 'failed';

/** What the person can do with a message that was not sent. */
export interface UnsentActions {
  /** Sends it again (the same request id, so it can never run twice); absent when trying again can't help. */
  retry?: () => void;
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

/**
 * A bubble for a message of the person's that says honestly where it stands: "Sending…" until
 * the assistant has it, nothing once it has, "Not sent" with Retry and Edit when it never got there.
 */
export function messageBubble(text: string, state: MessageState): MessageBubble {
  const status = el('span', { class: 'message-status' });
  const footer = el('div', { class: 'message-footer' });
  const element = el('div', { class: 'message user' }, el('div', { class: 'bubble user' }, text), footer);
  const bubble: MessageBubble = {
    element,
    text,
    setState(next, actions) {
      element.dataset.state = next;
      status.textContent = next === 'pending' ? 'Sending…' : next === 'failed' ? 'Not sent' : '';
      footer.replaceChildren(status);
      footer.hidden = next === 'sent';
      if (next === 'failed' && actions) {
        if (actions.retry) footer.append(button('Retry', actions.retry));
        footer.append(button('Edit', actions.edit));
      }
    },
  };
  bubble.setState(state);
  return bubble;
}

function button(label: string, run: () => void): HTMLButtonElement {
  const action = el('button', { type: 'button', class: 'link' }, label);
  action.addEventListener('click', run);
  return action;
}
