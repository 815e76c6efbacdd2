import type { DocumentDb, DocumentRef, DocumentTransaction } from '@callable-flows/kit/firestore/index.js';
import { type Order, OrderSchema } from './order.js';

/** The order document's reference. */
export function orderRef(db: DocumentDb, orderId: string): DocumentRef {
  return db.collection('orders').doc(orderId);
}

/**
 * The order when it exists and belongs to `uid`, else undefined: a missing order and someone
 * else's look the same, so a user learns nothing about orders that are not theirs.
 */
export async function readOwnOrder(
  ref: DocumentRef,
  uid: string | undefined,
  tx?: DocumentTransaction,
): Promise<Order | undefined> {
  const snap = tx ? await tx.get(ref) : await ref.get();
  if (!uid || !snap.exists) return undefined;
  const order = OrderSchema.safeParse(snap.data());
  return order.success && order.data.ownerUid === uid ? order.data : undefined;
}
