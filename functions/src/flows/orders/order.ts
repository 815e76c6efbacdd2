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
});
export type Order = z.infer<typeof OrderSchema>;

/** An event of an order (`orders/{orderId}/events/{eventId}`). */
export const OrderEventSchema = z.object({
  type: z.literal('cancelled'),
  byUid: z.string(),
  reason: z.string(),
  at: z.date(),
  /** The tool call that made it (one event per call, whatever retries happen). */
  callRef: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;
