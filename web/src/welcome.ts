import { type Functions, httpsCallable } from 'firebase/functions';
import { el } from './dom.js';
import { suggestionsFor } from './suggestions.js';

/** One of the person's orders, as the `welcome` function names it. */
export interface OrderSummary {
  orderId: string;
  item: string;
  status: 'processing' | 'shipped' | 'delivered' | 'cancelled';
}

/** What the `welcome` function tells the empty page (functions/src/flows/orders/welcome.ts). */
export interface Welcome {
  orders: OrderSummary[];
  /** `scripted`: the offline model answers, with canned words. */
  model: 'gemini' | 'scripted';
}

/** Asks the `welcome` function: a guest gets demo orders of their own on this first call. */
export async function fetchWelcome(functions: Functions): Promise<Welcome> {
  return (await httpsCallable<undefined, Welcome>(functions, 'welcome')()).data;
}

/** Where the welcome shows. */
export interface WelcomeElements {
  suggestions: HTMLElement;
  /** The header's line that says when the scripted model answers. */
  modelNote: HTMLElement;
  /** The empty page's words about the orders the person can ask about. */
  ordersNote: HTMLElement;
}

/**
 * Draws the welcome: suggestions made from the person's own orders (a click sends one), what
 * their orders are, and, in the header, that the answers are the scripted model's when they are.
 */
export function showWelcome(welcome: Welcome, elements: WelcomeElements, pick: (text: string) => void): void {
  const buttons = suggestionsFor(welcome.orders).map((text) => {
    const button = el('button', { type: 'button', class: 'suggestion' }, text);
    button.addEventListener('click', () => pick(text));
    return button;
  });
  elements.suggestions.replaceChildren(...buttons);
  const listed = welcome.orders.map((order) => `${order.orderId} (${order.item}, ${order.status})`);
  elements.ordersNote.textContent = listed.length > 0 ? `Your orders: ${listed.join(' · ')}.` : '';
  elements.ordersNote.hidden = listed.length === 0;
  elements.modelNote.hidden = welcome.model !== 'scripted';
}
