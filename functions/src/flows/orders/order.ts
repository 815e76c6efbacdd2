import { z } from 'zod';

/** An order id: letters, digits and `-` only, so it can never address another document. */
export const OrderIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,40}$/, 'an order id looks like A-1001')
  .describe('The order id, as the user gave it, e.g. A-1001.');

/** An order document (`orders/{orderId}`). */
export const OrderSchema = z.object({
  ownerUid: z.string(),
  status: z.enum(['processing', 'shipped', 'delivered', 'cancelled']),
  item: z.string(),
  estimatedDelivery: z.string(),
  /** What the customer paid, in euro cents: what a refund gives back. */
  totalCents: z.number().int().nonnegative().optional(),
  /** Set by the one refund a manager approved (refunds/refund-order.ts): an order is refunded once. */
  refunded: z.boolean().optional(),
});
export type Order = z.infer<typeof OrderSchema>;

/** An event of an order (`orders/{orderId}/events/{eventId}`). */
export const OrderEventSchema = z.object({
  type: z.enum(['cancelled', 'refunded']),
  /** Whose order: the customer the call was made for. */
  byUid: z.string(),
  /** Who approved it, when that was someone else (a manager's refund). */
  approvedBy: z.string().optional(),
  reason: z.string(),
  at: z.date(),
  /** The tool call that made it (one event per call, whatever retries happen). */
  callRef: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;
