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

/** Firestore's largest document (bytes, as it counts them). */
const MAX_DOCUMENT_BYTES = 1_048_576;
/** How many bytes under the limit a filled order is left: fewer than any cancellation adds. */
const FILLED_SLACK_BYTES = 8;

/** A string's size as Firestore counts it: its UTF-8 bytes and one. */
const stringBytes = (value: string): number => Buffer.byteLength(value) + 1;

/**
 * Grows order `orderId` (string fields only) to just under Firestore's document size limit with
 * a `notes` field the app never reads, so the next write that adds to it is refused
 * (INVALID_ARGUMENT): a store that fails a tool the person approved. Sizes as Firestore's docs
 * count them: the path's segments, each field's name and value, and 32.
 */
export async function fillOrderToSizeLimit(db: Firestore, orderId: string): Promise<void> {
  const ref = db.doc(`orders/${orderId}`);
  const fields = (await ref.get()).data() as Record<string, string>;
  const name = stringBytes('orders') + stringBytes(orderId) + 16;
  const used = Object.entries(fields).reduce((sum, [key, value]) => sum + stringBytes(key) + stringBytes(value), 0);
  const room = MAX_DOCUMENT_BYTES - FILLED_SLACK_BYTES - 32 - name - used - stringBytes('notes') - 1;
  await ref.set({ ...fields, notes: 'x'.repeat(room) });
}
