import type { Firestore } from 'firebase-admin/firestore';

/** Gives `uid` an order that is still processing (so it can be cancelled). */
export async function giveOrder(db: Firestore, uid: string, orderId: string, item = 'Espresso grinder'): Promise<void> {
  await db.doc(`orders/${orderId}`).set({ ownerUid: uid, status: 'processing', item, estimatedDelivery: '2026-12-04' });
}

/** An order's status and how many events it has (one per cancellation that ran). */
export async function orderState(db: Firestore, orderId: string): Promise<{ status: string; events: number }> {
  const order = await db.doc(`orders/${orderId}`).get();
  const events = await db.collection(`orders/${orderId}/events`).get();
  return { status: order.get('status') as string, events: events.size };
}
