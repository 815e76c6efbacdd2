// Loads the demo data (emulator-data/demo-data.json: orders and accounts) into the Firestore
// emulator named by FIRESTORE_EMULATOR_HOST, after clearing the project's documents there.
// Usage: FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 node scripts/seed.mjs [projectId]
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const host = process.env.FIRESTORE_EMULATOR_HOST;
const projectId = process.argv[2] ?? process.env.GCLOUD_PROJECT ?? 'demo-callable-flows';
if (!host) {
  console.error('[seed] FIRESTORE_EMULATOR_HOST is not set: refusing to seed anything but an emulator');
  process.exit(1);
}

// An emulator needs no credentials: don't probe the GCE metadata server for them.
process.env.METADATA_SERVER_DETECTION ??= 'none';
const data = JSON.parse(readFileSync(resolve(root, 'emulator-data/demo-data.json'), 'utf8'));
const cleared = await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
  method: 'DELETE',
});
if (!cleared.ok) throw new Error(`[seed] clearing the Firestore emulator failed: ${cleared.status}`);

const db = getFirestore(initializeApp({ projectId }, 'seed'));
const batch = db.batch();
for (const [id, order] of Object.entries(data.orders)) batch.set(db.doc(`orders/${id}`), order);
for (const [id, account] of Object.entries(data.accounts)) batch.set(db.doc(`accounts/${id}`), account);
await batch.commit();
await db.terminate();
console.log(
  `[seed] ${projectId}@${host}: ${Object.keys(data.orders).length} orders, ${Object.keys(data.accounts).length} accounts`,
);
