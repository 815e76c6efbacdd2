import { callerUid } from '@callable-flows/kit/callable/index.js';
import type { DocumentDb } from '@callable-flows/kit/firestore/index.js';
import { defineTool, type Tool } from '@callable-flows/kit/index.js';
import { z } from 'zod';
import { OrderIdSchema } from './order.js';
import { orderRef, readOwnOrder } from './read-own-order.js';

/** What `queryOrder` tells the model. */
export const QueryOrderOutputSchema = z.union([
  z.object({
    found: z.literal(true),
    orderId: z.string(),
    status: z.string(),
    item: z.string(),
    estimatedDelivery: z.string(),
  }),
  z.object({ found: z.literal(false), orderId: z.string() }),
]);

/** The orders a session has looked up (the order assistant's state). */
interface LookedUp {
  lookedUp: string[];
}

/**
 * The `queryOrder` tool: reads one of the caller's orders (one document by its path: any
 * {@link DocumentDb}, the turns' REST client as deployed), and remembers it in the session's state.
 */
export function queryOrderTool(db: () => Promise<DocumentDb>): Tool {
  return defineTool(
    {
      name: 'queryOrder',
      description:
        "Looks up one of the user's orders by its id: status, item and estimated delivery. Call it before saying anything about an order.",
      inputSchema: z.object({ orderId: OrderIdSchema }),
      outputSchema: QueryOrderOutputSchema,
      // A read: its result (and state change) may wait for the turn's next write.
      sideEffects: 'none',
      // A read (the multi-turn agent article): give up after 5 s rather than hold the turn.
      timeoutMs: 5_000,
    },
    async ({ orderId }, ctx) => {
      const order = await readOwnOrder(orderRef(await db(), orderId), callerUid(ctx.context));
      if (!order) return { found: false as const, orderId };
      if (ctx.state !== undefined) {
        ctx.updateState((state) => {
          const { lookedUp } = state as LookedUp;
          return { lookedUp: lookedUp.includes(orderId) ? lookedUp : [...lookedUp, orderId].slice(-50) };
        });
      }
      const { status, item, estimatedDelivery } = order;
      return { found: true as const, orderId, status, item, estimatedDelivery };
    },
  );
}
