import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { type Order, OrderSchema } from './order.js';

/** One of a person's orders as the web app's empty page names it (a suggestion: "Where is my order …?"). */
export interface OrderSummary {
  orderId: string;
  item: string;
  status: Order['status'];
}

const DAY_MS = 86_400_000;
/** What a guest gets to try the assistant with: one order that can still be cancelled, one that can't. */
const DEMO_ORDERS: readonly { item: string; status: Order['status']; deliveryInDays: number; totalCents: number }[] = [
  { item: 'Espresso grinder', status: 'processing', deliveryInDays: 3, totalCents: 18_900 },
  { item: 'Milk jug', status: 'shipped', deliveryInDays: 1, totalCents: 2_450 },
];
/** How many ids are tried before giving up: each is taken by someone else with odds of about 2 in 10⁶. */
const CANDIDATES = 8;
/** How many of a person's orders the page is told about. */
const LISTED = 10;

/**
 * The `n`th candidate id of a guest's demo order: `D-` and six digits from a hash of the uid,
 * so every call for one uid tries the same ids (two racing calls collide in a transaction, not
 * in two sets of orders), in the form the assistant reads an order id in.
 */
export function demoOrderId(uid: string, n: number): string {
  const hash = createHash('sha256').update(`${uid}\u0000${n}`).digest();
  return `D-${String(hash.readUInt32BE(0) % 1_000_000).padStart(6, '0')}`;
}

const summaryOf = (orderId: string, data: unknown): OrderSummary | undefined => {
  const order = OrderSchema.safeParse(data);
  return order.success ? { orderId, item: order.data.item, status: order.data.status } : undefined;
};

/** The orders of `uid` (up to ten), as firestore.rules would let the person list them. */
export async function ownOrders(db: Firestore, uid: string): Promise<OrderSummary[]> {
  const snap = await db.collection('orders').where('ownerUid', '==', uid).limit(LISTED).get();
  return snap.docs
    .flatMap((doc) => summaryOf(doc.id, doc.data()) ?? [])
    .sort((a, b) => a.orderId.localeCompare(b.orderId));
}

/**
 * The orders of guest `uid`, after giving them demo orders of their own when they have none:
 * in one transaction, so a repeated or concurrent first call makes them once. Only the server
 * writes orders (firestore.rules let a client read its own, never write).
 */
export async function ensureDemoOrders(db: Firestore, uid: string, now = Date.now()): Promise<OrderSummary[]> {
  const owned = await ownOrders(db, uid);
  if (owned.length > 0) return owned;
  return db.runTransaction(async (tx) => {
    const refs = Array.from({ length: CANDIDATES }, (_, n) => db.collection('orders').doc(demoOrderId(uid, n)));
    const snaps = await tx.getAll(...refs);
    const mine = snaps.filter((snap) => snap.get('ownerUid') === uid);
    // Another call made them between the list above and this transaction.
    if (mine.length >= DEMO_ORDERS.length) return mine.flatMap((snap) => summaryOf(snap.id, snap.data()) ?? []);
    const free = snaps.filter((snap) => !snap.exists).slice(0, DEMO_ORDERS.length);
    if (free.length < DEMO_ORDERS.length) return [];
    return DEMO_ORDERS.map((demo, i) => {
      const ref = (free[i] as (typeof free)[number]).ref;
      const estimatedDelivery = new Date(now + demo.deliveryInDays * DAY_MS).toISOString().slice(0, 10);
      const order: Order = {
        ownerUid: uid,
        status: demo.status,
        item: demo.item,
        estimatedDelivery,
        totalCents: demo.totalCents,
      };
      tx.set(ref, { ...order, demo: true });
      return { orderId: ref.id, item: demo.item, status: demo.status };
    });
  });
}
