import { approvalId, ROOT_SNAPSHOT_ID, readApproval, SessionDocSchema } from '@callable-flows/protocol';
import type { DocumentReference, Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { FirestoreSessionStore, type StoreOperation } from '../session/firestore/index.js';
import { LruSessionCache } from '../session/lru-session-cache.js';
import { branchHistory } from '../session/session-branches.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { defineAgent } from './define-agent.js';
import { echoModel, effects, transferOnSend, transferTool, userTexts } from './test-utils/agent-fixtures.js';

const host = firestoreEmulatorHost();
const firestores: Firestore[] = [];
afterAll(async () => Promise.all(firestores.map((f) => f.terminate())));
const sum = (ops: readonly StoreOperation[], key: 'reads' | 'writes'): number => ops.reduce((n, op) => n + op[key], 0);

function store(prefix: string, ops?: StoreOperation[]): FirestoreSessionStore {
  const firestore = emulatorFirestore(host as string, demoProjectId('branches'));
  firestores.push(firestore);
  return new FirestoreSessionStore({ firestore, prefix, ...(ops ? { onOperation: (op) => ops.push(op) } : {}) });
}

describe.skipIf(!host)('branches over FirestoreSessionStore', () => {
  it('forks a warm session for no read and its two writes, and reads every branch back cold', async () => {
    const ops: StoreOperation[] = [];
    const firestore = store('branch_', ops);
    const cache = new LruSessionCache(firestore);
    const agent = defineAgent({ name: 'chat', model: echoModel(), store: cache });
    const { sessionId } = await agent.send(undefined, { message: 'one' }, { uid: 'u' });
    await agent.send(sessionId, { message: 'two' }, { uid: 'u' });
    const first = (await cache.load(sessionId))?.session.snapshots?.[0]?.id as string;
    ops.length = 0;
    await agent.send(sessionId, { message: 'TWO', snapshotId: first }, { uid: 'u' });
    expect({ reads: sum(ops, 'reads'), writes: sum(ops, 'writes') }).toEqual({ reads: 0, writes: 2 });
    // Cold: the document's history is the journal, the head is read back through the branches.
    const cold = (await firestore.load(sessionId))?.session;
    expect(userTexts(cold?.history ?? [])).toEqual(['one', 'TWO']);
    expect(userTexts(cold ? (branchHistory(cold, 'b0') ?? []) : [])).toEqual(['one', 'two']);
    expect(cold?.snapshots?.map((s) => s.branch)).toEqual(['b0', 'b0', 'b1']);
    const doc = SessionDocSchema.parse((await (firestore.sessionRef(sessionId) as DocumentReference).get()).data());
    expect(doc.history.length).toBe(6);
    expect(JSON.parse(doc.branches as string)).toHaveLength(2);
    // An edit of the first message, from the root snapshot: the same cost, an empty base.
    ops.length = 0;
    await agent.send(sessionId, { message: 'ONE', snapshotId: ROOT_SNAPSHOT_ID }, { uid: 'u' });
    expect({ reads: sum(ops, 'reads'), writes: sum(ops, 'writes') }).toEqual({ reads: 0, writes: 2 });
    const edited = (await firestore.load(sessionId))?.session;
    expect(userTexts(edited?.history ?? [])).toEqual(['ONE']);
    expect(edited?.branches?.list.at(-1)?.parent).toEqual({ branch: 'b0', at: 0, snapshot: ROOT_SNAPSHOT_ID });
  });

  it('writes a never-forked session without branches, as before', async () => {
    const firestore = store('plain_');
    const agent = defineAgent({ name: 'chat', model: echoModel(), store: firestore });
    const { sessionId } = await agent.send(undefined, { message: 'one' }, { uid: 'u' });
    const data = (await (firestore.sessionRef(sessionId) as DocumentReference).get()).data() ?? {};
    expect(data.branches).toBeUndefined();
    expect(Object.keys(data.snapshots ?? {})).toEqual(['s1']);
  });

  it('closes as superseded, in the inbox every device reads, an approval the fork left waiting', async () => {
    const firestore = store('supersede_');
    const agent = defineAgent({
      name: 'bank',
      model: transferOnSend(5),
      tools: [transferTool(effects())],
      store: firestore,
    });
    const { sessionId } = await agent.send(undefined, { message: 'hello' }, { uid: 'u' });
    const first = (await firestore.load(sessionId))?.session.snapshots?.[0]?.id as string;
    const asked = await agent.send(sessionId, { message: 'send' }, { uid: 'u' });
    const ref = asked.interrupts[0]?.ref as string;
    await agent.send(sessionId, { message: 'never mind', snapshotId: first }, { uid: 'u' });
    const inbox = (firestore.sessionRef(sessionId) as DocumentReference).firestore.doc(
      `supersede_approvals/${approvalId(sessionId, ref)}`,
    );
    const approval = readApproval(inbox.id, (await inbox.get()).data());
    expect(approval?.state).toBe('superseded');
  });

  it('closes as superseded an approval left waiting by a fork from the snapshot its own round ended in', async () => {
    const firestore = store('supersede_same_');
    const agent = defineAgent({
      name: 'bank',
      model: transferOnSend(5),
      tools: [transferTool(effects())],
      store: firestore,
    });
    const { sessionId } = await agent.send(undefined, { message: 'hello' }, { uid: 'u' });
    const asked = await agent.send(sessionId, { message: 'send' }, { uid: 'u' });
    const ref = asked.interrupts[0]?.ref as string;
    // The snapshot of the turn that asked: the new branch holds that round (closed), not the waiting call.
    const waiting = (await firestore.load(sessionId))?.session.snapshots?.at(-1)?.id as string;
    await agent.send(sessionId, { message: 'never mind', snapshotId: waiting }, { uid: 'u' });
    const inbox = firestore.approvalRef(sessionId, ref) as DocumentReference;
    expect(readApproval(inbox.id, (await inbox.get()).data())?.state).toBe('superseded');
  });
});
