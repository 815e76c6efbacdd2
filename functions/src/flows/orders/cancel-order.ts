import { callerUid } from '@callable-flows/kit/callable/index.js';
import type { DocumentDb } from '@callable-flows/kit/firestore/index.js';
import { defineTool, type Tool } from '@callable-flows/kit/index.js';
import { z } from 'zod';
import { type OrderEvent, OrderIdSchema } from './order.js';
import { orderRef, readOwnOrder } from './read-own-order.js';

/** What `cancelOrder` tells the model (a declined call, too: see `onDecline`). */
export const CancelOrderOutputSchema = z.object({
  orderId: z.string(),
  cancelled: z.boolean(),
  /** Why not, when `cancelled` is false. */
  reason: z.string().optional(),
  /** What happened, in a few words for the person (an approval card shows it: "Cancelled"). */
  outcome: z.string().optional(),
});
export type CancelOrderOutput = z.infer<typeof CancelOrderOutputSchema>;

/** A call ref as a document id (refs come from models: keep them to safe characters). */
const eventId = (ref: string): string => `cancel-${ref.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100)}`;

const notCancelled = (orderId: string, reason: string): CancelOrderOutput => ({
  orderId,
  cancelled: false,
  reason,
  outcome: `Not cancelled: ${reason}`,
});

/**
 * The `cancelOrder` tool. It checks the order, then interrupts to ask the user to confirm; only
 * a restart (the user said yes) cancels: in one transaction the status becomes `cancelled` and
 * one event is written under the order, its id taken from the call's ref, so no retry can add a
 * second. `sideEffects: 'idempotent'`: its result is journaled as it finishes, so a retried turn
 * never runs it again, and a client can't answer it with an output of its own: it approves
 * (restart) or declines.
 */
export function cancelOrderTool(db: () => Promise<DocumentDb>): Tool {
  return defineTool(
    {
      name: 'cancelOrder',
      description:
        "Cancels one of the user's orders that is still processing. The user is asked to confirm before anything changes.",
      inputSchema: z.object({
        orderId: OrderIdSchema,
        reason: z.string().max(500).optional().describe('Why the user wants it cancelled, in their words.'),
      }),
      outputSchema: CancelOrderOutputSchema,
      sideEffects: 'idempotent',
      onDecline: ({ orderId }, reason) => ({ orderId, cancelled: false, reason: reason ?? 'the customer declined' }),
      // A write (a transaction): 10 s.
      timeoutMs: 10_000,
    },
    async ({ orderId, reason }, ctx): Promise<CancelOrderOutput> => {
      const uid = callerUid(ctx.context);
      const firestore = await db();
      const ref = orderRef(firestore, orderId);
      if (!ctx.resumed) {
        const order = await readOwnOrder(ref, uid);
        if (!order) return { orderId, cancelled: false, reason: 'no such order' };
        if (order.status !== 'processing') return { orderId, cancelled: false, reason: `the order is ${order.status}` };
        // What an approval card shows (web/README.md, "What a tool tells the approval card").
        ctx.interrupt({
          title: `Cancel order ${orderId}?`,
          summary: `Your ${order.item} (order ${orderId}) will be cancelled and won't be delivered.`,
          consequence: "This can't be undone.",
          approveLabel: 'Cancel order',
          declineLabel: 'Keep order',
          declinedOutcome: 'Kept',
          question: `Cancel order ${orderId} (${order.item})?`,
          orderId,
          item: order.item,
        });
      }
      return firestore.runTransaction(async (tx) => {
        const order = await readOwnOrder(ref, uid, tx);
        if (!order) return notCancelled(orderId, 'no such order');
        if (order.status === 'cancelled') return { orderId, cancelled: true, outcome: 'Cancelled' };
        if (order.status !== 'processing') return notCancelled(orderId, `the order is ${order.status}`);
        const why = reason ?? 'requested by the customer';
        tx.update(ref, { status: 'cancelled', cancelReason: why });
        const event: OrderEvent = {
          type: 'cancelled',
          byUid: uid ?? '',
          reason: why,
          at: new Date(),
          callRef: ctx.ref,
        };
        tx.set(ref.collection('events').doc(eventId(ctx.ref)), event);
        return { orderId, cancelled: true, outcome: 'Cancelled' };
      });
    },
  );
}
