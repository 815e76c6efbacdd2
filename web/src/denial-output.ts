import type { WireInterrupt } from './wire.js';

/** The reason sent when the person gives none. */
export const DEFAULT_DENIAL_REASON = 'the customer declined';

/**
 * The output a denied call answers with (resume `respond`): it must match the tool's output
 * schema, which the function checks. `cancelOrder` answers
 * `{ orderId, cancelled: false, reason }` (functions/src/flows/orders/cancel-order.ts); a tool
 * this app doesn't know gets `{ approved: false, reason }`, which its schema may refuse.
 */
export function denialOutput(interrupt: WireInterrupt, reason: string): Record<string, unknown> {
  const why = reason.trim() || DEFAULT_DENIAL_REASON;
  const input = (interrupt.input ?? {}) as Record<string, unknown>;
  if (interrupt.name === 'cancelOrder') return { orderId: String(input.orderId ?? ''), cancelled: false, reason: why };
  return { approved: false, reason: why };
}
