import type { DocumentDb } from '@callable-flows/kit/firestore/index.js';
import { z } from 'zod';
import { type OrderEvent, OrderIdSchema } from '../orders/order.js';
import { orderRef, readOwnOrder } from '../orders/read-own-order.js';

/** The custom claim of the people who approve refunds (the demo's Mary). */
export const REFUND_APPROVER_CLAIM = 'manager';

/** Whom a refunds server's call is for: the customer, and the manager who approved it (once one did). */
export interface RefundCaller {
  uid: string | undefined;
  approvedBy?: string;
}

/** What `checkRefund` takes. */
export const CheckRefundInputSchema = z.object({ orderId: OrderIdSchema });

/** What `checkRefund` answers: whether the order can be refunded, and what the manager will be shown of it. */
export const CheckRefundOutputSchema = z.object({
  orderId: z.string(),
  found: z.boolean(),
  refundable: z.boolean(),
  item: z.string().optional(),
  status: z.string().optional(),
  /** What the customer paid, in euro cents (the stored order's): what a refund gives back. */
  totalCents: z.number().int().nonnegative().optional(),
  /** Why not, when `refundable` is false. */
  reason: z.string().optional(),
});
export type CheckRefundOutput = z.infer<typeof CheckRefundOutputSchema>;

/** What `refundOrder` takes: the order, and what the manager's card shows of it (from `checkRefund`). */
export const RefundOrderInputSchema = z.object({
  orderId: OrderIdSchema,
  item: z.string().max(200).optional().describe('The order’s item, as checkRefund said.'),
  status: z.string().max(40).optional().describe('The order’s status, as checkRefund said.'),
  amountCents: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe('The amount to refund in euro cents: the order’s total, as checkRefund said (totalCents).'),
  reason: z.string().max(500).optional().describe('Why the user wants a refund, in their words.'),
});
export type RefundOrderInput = z.infer<typeof RefundOrderInputSchema>;

/** What `refundOrder` answers. */
export const RefundOrderOutputSchema = z.object({
  orderId: z.string(),
  refunded: z.boolean(),
  /** Why not, when `refunded` is false. */
  reason: z.string().optional(),
  /** What happened, in a few words for the person (an approval card shows it: "Refunded"). */
  outcome: z.string().optional(),
});
export type RefundOrderOutput = z.infer<typeof RefundOrderOutputSchema>;

// A call ref as a document id (refs come from models: keep them to safe characters).
const eventId = (ref: string): string => `refund-${ref.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100)}`;

const REFUNDABLE = new Set(['shipped', 'delivered']);

const notRefunded = (orderId: string, reason: string): RefundOrderOutput => ({
  orderId,
  refunded: false,
  reason,
  outcome: `Not refunded: ${reason}`,
});

/** Whether one of the caller's orders can be refunded: it exists, is theirs, has shipped or been delivered, and was not refunded. */
export async function checkRefund(db: DocumentDb, caller: RefundCaller, orderId: string): Promise<CheckRefundOutput> {
  const order = await readOwnOrder(orderRef(db, orderId), caller.uid);
  if (!order) return { orderId, found: false, refundable: false, reason: 'no such order' };
  const seen = {
    orderId,
    found: true,
    item: order.item,
    status: order.status,
    ...(order.totalCents === undefined ? {} : { totalCents: order.totalCents }),
  };
  if (order.refunded) return { ...seen, refundable: false, reason: 'the order was refunded already' };
  if (!REFUNDABLE.has(order.status)) return { ...seen, refundable: false, reason: `the order is ${order.status}` };
  return { ...seen, refundable: true };
}

/**
 * Refunds one of the caller's orders, once a manager approved the call (the refunds agent asks
 * before the server is called): in one transaction the order is marked refunded and one event is
 * written under it, its id taken from the call's ref (`callRef`, the kit's `_meta`), so no retry of
 * the call can add a second.
 */
export async function refundOrder(
  db: DocumentDb,
  caller: RefundCaller,
  input: RefundOrderInput,
  callRef: string,
): Promise<RefundOrderOutput> {
  const { orderId } = input;
  const ref = orderRef(db, orderId);
  const why = input.reason ?? 'requested by the customer';
  return db.runTransaction(async (tx) => {
    const order = await readOwnOrder(ref, caller.uid, tx);
    if (!order) return notRefunded(orderId, 'no such order');
    const event = ref.collection('events').doc(eventId(callRef));
    if ((await tx.get(event)).exists) return { orderId, refunded: true, outcome: 'Refunded' };
    if (order.refunded) return notRefunded(orderId, 'the order was refunded already');
    if (!REFUNDABLE.has(order.status)) return notRefunded(orderId, `the order is ${order.status}`);
    // The amount the manager approved is the one refunded, or nothing is: it must be the order's total.
    if (input.amountCents !== order.totalCents) return notRefunded(orderId, 'the amount is not the order’s total');
    tx.update(ref, { refunded: true });
    const written: OrderEvent = {
      type: 'refunded',
      byUid: caller.uid ?? '',
      ...(caller.approvedBy === undefined ? {} : { approvedBy: caller.approvedBy }),
      reason: why,
      at: new Date(),
      callRef,
    };
    tx.set(event, written);
    return { orderId, refunded: true, outcome: 'Refunded' };
  });
}
