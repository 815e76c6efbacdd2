import { describe, expect, it } from 'vitest';
import { RestFirestore } from '../../firestore/index.js';
import { firestoreEmulatorHost } from '../../test-utils/firestore.js';
import { demoProjectId } from '../test-utils/emulator-firestore.js';
import { firestoreStoreBackends } from '../test-utils/firestore-store-backends.js';
import {
  describeSessionStoreConformance,
  longHistory,
  sampleSession,
} from '../test-utils/session-store-conformance.js';
import { FirestoreSessionStore, type StoreOperation } from './firestore-session-store.js';

const host = firestoreEmulatorHost();
const projectId = demoProjectId('sessions');
const _sum = (ops: readonly StoreOperation[], key: 'reads' | 'writes'): number => ops.reduce((n, op) => n + op[key], 0);

if (!host) {
  console.warn('\n*** SKIPPED: FirestoreSessionStore tests — no Firestore emulator ***\n');
  describe.skip('FirestoreSessionStore', () => {
    it('needs the Firestore emulator', () => undefined);
  });
} else {
  const backends = firestoreStoreBackends(host, projectId, 't');
  const client = backends.client;
  describeSessionStoreConformance('FirestoreSessionStore', backends.sdk);
  describeSessionStoreConformance('FirestoreSessionStore over RestFirestore', backends.rest);

  describe('FirestoreSessionStore', () => {
    it('keeps every document under 1 MiB when a 2,000-message history has large messages', async () => {
      const firestore = client();
      const store = new FirestoreSessionStore({ firestore, prefix: 'big_' });
      const history = longHistory(2000);
      history[10] = { role: 'user', content: [{ text: 'x'.repeat(1_500_000) }] };
      history[11] = { role: 'model', content: [{ text: '€'.repeat(400_000) }] };
      const session = sampleSession('big-one', history);
      await store.create(session);
      const docs = await firestore.collection('big_sessions').doc('big-one').collection('big_history').get();
      const main = await firestore.collection('big_sessions').doc('big-one').get();
      const sizes = [main, ...docs.docs].map((d) => Buffer.byteLength(JSON.stringify(d.data())));
      expect(docs.size).toBeGreaterThan(3);
      expect(Math.max(...sizes)).toBeLessThan(1_000_000);
      expect(
        (await new FirestoreSessionStore({ firestore: client(), prefix: 'big_' }).load('big-one'))?.session.history,
      ).toEqual(history);
    });

    it('fails unavailable (STORE_UNAVAILABLE) on the REST client when Firestore can’t be reached', async () => {
      const firestore = new RestFirestore({
        projectId,
        endpoint: { origin: 'http://127.0.0.1:1', authorization: async () => 'Bearer owner' },
        // The read is not sent again: its own UNAVAILABLE, not the store's time bound, answers.
        callRetry: { totalMs: 0 },
      });
      const store = new FirestoreSessionStore({ firestore });
      await expect(store.load('s1')).rejects.toMatchObject({ code: 'unavailable', reason: 'STORE_UNAVAILABLE' });
    });

    it('names its collections with the prefix when one is given', async () => {
      const firestore = client();
      const store = new FirestoreSessionStore({ firestore, prefix: 'tenantA_', collections: { sessions: 'chats' } });
      await store.create(sampleSession('prefixed'));
      expect((await firestore.collection('tenantA_chats').doc('prefixed').get()).exists).toBe(true);
      expect(await new FirestoreSessionStore({ firestore, prefix: 'tenantB_' }).load('prefixed')).toBeUndefined();
    });

    it('reports each Firestore call with the documents it read and wrote', async () => {
      const ops: StoreOperation[] = [];
      const store = new FirestoreSessionStore({
        firestore: client(),
        prefix: 'ops_',
        onOperation: (op) => ops.push(op),
      });
      const record = await store.create(sampleSession('counted', longHistory(4)));
      await store.write(record, { ...record.session, version: 2 });
      await store.load('counted');
      expect(ops).toEqual([
        { kind: 'commit', reads: 0, writes: 1, bytes: expect.any(Number) },
        { kind: 'commit', reads: 0, writes: 1, bytes: expect.any(Number) },
        { kind: 'get', reads: 1, writes: 0 },
      ]);
    });

    it('sends only what changed when a write appends one message, however long the history', async () => {
      const sent = async (messages: number): Promise<number> => {
        const ops: StoreOperation[] = [];
        const store = new FirestoreSessionStore({
          firestore: client(),
          prefix: `bytes${messages}_`,
          onOperation: (op) => ops.push(op),
        });
        const history = longHistory(messages);
        const record = await store.create(sampleSession(`appended${messages}`, history));
        const next = { role: 'user' as const, content: [{ text: 'one more question' }] };
        ops.length = 0;
        const written = await store.write(record, { ...record.session, history: [...history, next], version: 2 });
        const reread = await new FirestoreSessionStore({ firestore: client(), prefix: `bytes${messages}_` }).load(
          written.session.id,
        );
        expect(reread?.session.history).toEqual([...history, next]);
        return ops[0]?.bytes ?? 0;
      };
      const short = await sent(8);
      const long = await sent(160);
      expect(long).toBeLessThan(short * 1.5);
      expect(long).toBeLessThan(2_000);
    });
  });
}
