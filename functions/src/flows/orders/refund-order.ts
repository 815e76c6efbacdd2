import { callerUid } from '@callable-flows/kit/callable/index.js';
import type { DocumentDb } from '@callable-flows/kit/firestore/index.js';
import { approversWithClaim, defineTool, type Tool } from '@callable-flows/kit/index.js';
import { z } from 'zod';
import { type OrderEvent, OrderIdSchema } from './order.js';
import { orderRef, readOwnOrder } from './read-own-order.js';

/** The custom claim of the people who approve refunds (the demo's Mary). */
export const REFUND_APPROVER_CLAIM = 'manager';

/** What `refundOrder` tells the model (a declined call, too: see `onDecline`). */
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

/** Who approved the call, when the turn goes on with an approver's answer (`ctx.context.approvedBy`). */
function approverOf(context: Record<string, unknown>): string | undefined {
  const by = context.approvedBy as { uid?: unknown } | undefined;
  return typeof by?.uid === 'string' ? by.uid : undefined;
}

/**
 * The `refundOrder` tool. For one of the caller's orders that has shipped or been delivered, it
 * interrupts for a manager's approval (a customer does not approve their own refund: holders of
 * the `manager` claim answer it from their approvals inbox). The interrupt's metadata is what the
 * manager judges by: the order, its item and the customer's reason, never more of the
 * conversation. On the approval the turn goes on as the customer's (their uid in
 * `ctx.context.auth`, the manager in `ctx.context.approvedBy`): in one transaction the order is
 * marked refunded and one event is written under it, its id taken from the call's ref, so no
 * retry can add a second. `sideEffects: 'idempotent'`: its result is journaled as it finishes.
 */
export function refundOrderTool(db: () => Promise<DocumentDb>): Tool {
  return defineTool(
    {
      name: 'refundOrder',
      description:
        "Refunds one of the user's orders that has shipped or been delivered. A manager approves it before anything changes.",
      inputSchema: z.object({
        orderId: OrderIdSchema,
        reason: z.string().max(500).optional().describe('Why the user wants a refund, in their words.'),
      }),
      outputSchema: RefundOrderOutputSchema,
      sideEffects: 'idempotent',
      approvers: approversWithClaim(REFUND_APPROVER_CLAIM),
      onDecline: ({ orderId }, reason) => ({
        orderId,
        refunded: false,
        reason: reason ?? 'a manager declined the refund',
      }),
      // A write (a transaction): 10 s.
      timeoutMs: 10_000,
    },
    async ({ orderId, reason }, ctx): Promise<RefundOrderOutput> => {
      const uid = callerUid(ctx.context);
      const firestore = await db();
      const ref = orderRef(firestore, orderId);
      const why = reason ?? 'requested by the customer';
      if (!ctx.resumed) {
        const order = await readOwnOrder(ref, uid);
        if (!order) return { orderId, refunded: false, reason: 'no such order' };
        if (order.refunded) return { orderId, refunded: false, reason: 'the order was refunded already' };
        if (!REFUNDABLE.has(order.status)) return { orderId, refunded: false, reason: `the order is ${order.status}` };
        // What the manager's inbox and the approval card show: the order, nothing of the conversation.
        ctx.interrupt({
          title: `Refund order ${orderId}?`,
          summary: `Refund the ${order.item} of order ${orderId} (${order.status}).`,
          approveLabel: 'Approve refund',
          declineLabel: 'Decline refund',
          declinedOutcome: 'Not refunded',
          orderId,
          item: order.item,
          status: order.status,
          reason: why,
        });
      }
      return firestore.runTransaction(async (tx) => {
        const order = await readOwnOrder(ref, uid, tx);
        if (!order) return notRefunded(orderId, 'no such order');
        const event = ref.collection('events').doc(eventId(ctx.ref));
        if ((await tx.get(event)).exists) return { orderId, refunded: true, outcome: 'Refunded' };
        if (order.refunded) return notRefunded(orderId, 'the order was refunded already');
        if (!REFUNDABLE.has(order.status)) return notRefunded(orderId, `the order is ${order.status}`);
        const approvedBy = approverOf(ctx.context);
        tx.update(ref, { refunded: true });
        const written: OrderEvent = {
          type: 'refunded',
          byUid: uid ?? '',
          ...(approvedBy === undefined ? {} : { approvedBy }),
          reason: why,
          at: new Date(),
          callRef: ctx.ref,
        };
        tx.set(event, written);
        return { orderId, refunded: true, outcome: 'Refunded' };
      });
    },
  );
}
