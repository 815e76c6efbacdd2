import type { OrderSummary } from './welcome.js';

/**
 * What the empty page suggests, from the person's own orders, so each suggestion works for
 * whoever is signed in: cancelling an order that still can be (it reaches an approval card),
 * then asking after another one. With no orders, a question the assistant answers by asking back.
 */
export function suggestionsFor(orders: readonly OrderSummary[]): string[] {
  const cancellable = orders.find((order) => order.status === 'processing');
  const other = orders.find((order) => order !== cancellable) ?? cancellable;
  const suggestions: string[] = [];
  if (cancellable) suggestions.push(`Please cancel my order ${cancellable.orderId}`);
  if (other) suggestions.push(`Where is my order ${other.orderId}?`);
  return suggestions.length > 0 ? suggestions : ['Can you check on my order?'];
}
