import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { type Order, OrderSchema } from './order.js';

/** The order document's reference. */
export function orderRef(db: Firestore, orderId: string): DocumentReference {
  return db.collection('orders').doc(orderId);
}

/**
 * The order when it exists and belongs to `uid`, else undefined: a missing order and someone
 * else's look the same, so a user learns nothing about orders that are not theirs.
 */
export async function readOwnOrder(
  ref: DocumentReference,
  uid: string | undefined,
  tx?: Transaction,
): Promise<Order | undefined> {
  const snap = tx ? await tx.get(ref) : await ref.get();
  if (!uid || !snap.exists) return undefined;
  const order = OrderSchema.safeParse(snap.data());
  return order.success && order.data.ownerUid === uid ? order.data : undefined;
}
