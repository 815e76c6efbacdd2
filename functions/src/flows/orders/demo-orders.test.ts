import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFirestore } from '../test-utils/demo-firestore.js';
import { demoOrderId, ensureDemoOrders, ownOrders } from './demo-orders.js';

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: demo orders tests — no Firestore emulator ***\n');

let db: Firestore;
let close = async () => {};

describe.skipIf(!host)('ensureDemoOrders', () => {
  beforeAll(async () => {
    ({ db, close } = await demoFirestore());
  });
  afterAll(() => close());

  it('gives a guest two orders of their own, one still cancellable, when they have none', async () => {
    const orders = await ensureDemoOrders(db, 'guest-1', Date.parse('2026-12-01T10:00:00Z'));
    expect(orders.map((order) => order.status).sort()).toEqual(['processing', 'shipped']);
    for (const { orderId } of orders) {
      expect(orderId).toMatch(/^D-\d{6}$/);
      const stored = (await db.doc(`orders/${orderId}`).get()).data();
      expect(stored).toMatchObject({ ownerUid: 'guest-1', demo: true });
    }
    const grinder = await db.doc(`orders/${orders.find((o) => o.status === 'processing')?.orderId}`).get();
    expect(grinder.get('estimatedDelivery')).toBe('2026-12-04');
  });

  it('makes them once when the guest asks again, or twice at the same time', async () => {
    const [first, second] = await Promise.all([ensureDemoOrders(db, 'guest-2'), ensureDemoOrders(db, 'guest-2')]);
    const again = await ensureDemoOrders(db, 'guest-2');
    const ids = (orders: { orderId: string }[]) => orders.map((o) => o.orderId).sort();
    expect(ids(second ?? [])).toEqual(ids(first ?? []));
    expect(ids(again)).toEqual(ids(first ?? []));
    expect(await ownOrders(db, 'guest-2')).toHaveLength(2);
  });

  it('gives nothing when the person already has orders', async () => {
    await db.doc('orders/Z-9001').set({
      ownerUid: 'guest-3',
      status: 'delivered',
      item: 'Kettle',
      estimatedDelivery: '2026-11-01',
    });
    expect(await ensureDemoOrders(db, 'guest-3')).toEqual([{ orderId: 'Z-9001', item: 'Kettle', status: 'delivered' }]);
  });

  it("skips an id that is someone else's order when the guest's first candidate is taken", async () => {
    await db.doc(`orders/${demoOrderId('guest-4', 0)}`).set({
      ownerUid: 'someone-else',
      status: 'processing',
      item: 'Their order',
      estimatedDelivery: '2026-12-09',
    });
    const orders = await ensureDemoOrders(db, 'guest-4');
    expect(orders.map((o) => o.orderId)).not.toContain(demoOrderId('guest-4', 0));
    expect((await db.doc(`orders/${demoOrderId('guest-4', 0)}`).get()).get('ownerUid')).toBe('someone-else');
    expect(await ownOrders(db, 'guest-4')).toHaveLength(2);
  });
});
