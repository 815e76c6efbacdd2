import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';

/** The demo data the seed script loads (emulator-data/demo-data.json). */
export interface DemoData {
  users: Record<string, { uid: string; email: string; password: string }>;
  orders: Record<string, Record<string, unknown>>;
  accounts: Record<string, Record<string, unknown>>;
}

/** The demo data, read from the repository. */
export function demoData(): DemoData {
  const file = resolve(import.meta.dirname, '../../../../emulator-data/demo-data.json');
  return JSON.parse(readFileSync(file, 'utf8')) as DemoData;
}

/** Writes the demo orders and accounts into `db`. */
export async function seedDemoData(db: Firestore): Promise<DemoData> {
  const data = demoData();
  const batch = db.batch();
  for (const [id, order] of Object.entries(data.orders)) batch.set(db.doc(`orders/${id}`), order);
  for (const [id, account] of Object.entries(data.accounts)) batch.set(db.doc(`accounts/${id}`), account);
  await batch.commit();
  return data;
}

// Against an emulator there are no credentials to find: don't probe the GCE metadata server.
process.env.METADATA_SERVER_DETECTION ??= 'none';

/** A firebase-admin Firestore on the test emulator, in a project of its own (`projectId`), seeded with the demo data. */
export async function demoFirestore(): Promise<{
  db: Firestore;
  projectId: string;
  data: DemoData;
  close(): Promise<void>;
}> {
  const projectId = `demo-flows-${randomUUID().slice(0, 8)}`;
  const app = initializeApp({ projectId }, projectId);
  const db = getFirestore(app);
  const data = await seedDemoData(db);
  return { db, projectId, data, close: () => deleteApp(app) };
}
