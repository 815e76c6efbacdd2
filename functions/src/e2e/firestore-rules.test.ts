import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type FlowError, registerDevice, unregisterDevice, watchApprovals } from '@callable-flows/client';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: firestore.rules tests — no Firestore emulator ***\n');

const RULES = resolve(import.meta.dirname, '../../../firestore.rules');
let env: RulesTestEnvironment;

const alice = () => env.authenticatedContext('alice').firestore();
const bob = () => env.authenticatedContext('bob').firestore();
const nobody = () => env.unauthenticatedContext().firestore();
/** A test context's Firestore as the modular SDK's type (it is one at run time). */
const modular = (db: ReturnType<typeof alice>) => db as unknown as Firestore;
/** A manager (custom claim `manager: true`), and a user whose claim is not `true`. */
const max = () => env.authenticatedContext('max', { manager: true }).firestore();
const eve = () => env.authenticatedContext('eve', { manager: 'yes' }).firestore();
const carol = () => env.authenticatedContext('carol').firestore();

/** An inbox document of alice's session `s-alice-2`, addressed as given. */
const approval = (ref: string, approverUids: string[], approverClaim: string | null) => ({
  sessionId: 's-alice-2',
  ref,
  tool: 'refund',
  metadata: { title: 'Refund 5?' },
  inputDigest: 'd',
  ownerUid: 'alice',
  approverUids,
  approverClaim,
  state: 'waiting',
  waitingSince: 1,
  expiresAt: null,
  expireAt: 9,
});

describe.skipIf(!host)('firestore.rules', () => {
  beforeAll(async () => {
    const [hostname, port] = (host as string).split(':');
    env = await initializeTestEnvironment({
      // A project of its own: rules are per project, and other suites share the emulator.
      projectId: `demo-rules-${randomUUID().slice(0, 8)}`,
      firestore: { host: hostname as string, port: Number(port), rules: readFileSync(RULES, 'utf8') },
    });
    await env.withSecurityRulesDisabled(async (admin) => {
      const db = admin.firestore();
      await setDoc(doc(db, 'sessions/s-alice'), {
        ownerUid: 'alice',
        agent: 'orderAssistant',
        status: 'idle',
        updatedAt: 1,
      });
      await setDoc(doc(db, 'sessions/s-alice-2'), {
        ownerUid: 'alice',
        agent: 'orderAssistant',
        status: 'interrupted',
        updatedAt: 3,
      });
      await setDoc(doc(db, 'sessions/s-alice-transfer'), { ownerUid: 'alice', agent: 'transferMoney', updatedAt: 4 });
      // A sub-agent's session (agentTool): its parent's owner's, linked to the call that ran it.
      await setDoc(doc(db, 'sessions/s-alice-sub'), {
        ownerUid: 'alice',
        agent: 'refunds',
        updatedAt: 0,
        parent: { sessionId: 's-alice', ref: 't1', agent: 'orderAssistant' },
      });
      await setDoc(doc(db, 'sessions/s-alice-sub/history/c000000'), { lines: '{}\n' });
      await setDoc(doc(db, 'sessions/s-alice/history/c000000'), { lines: '{}\n' });
      await setDoc(doc(db, 'sessions/s-alice/control/queue'), { ownerUid: 'alice', items: [] });
      await setDoc(doc(db, 'sessions/s-alice/control/stop'), { leaseId: 'l1', at: 1 });
      // What a waiting call kept (an MCP server's requestState), as the kit's store writes it:
      // the session's history line holds only its digest, the state lies beside it.
      await setDoc(doc(db, 'sessions/s-alice-2/control/kept'), {
        text: JSON.stringify({ p: { mcpQuestion: { key: 'form', requestState: 'server-secret' } } }),
        expireAt: Timestamp.fromMillis(9),
      });
      await setDoc(doc(db, 'sessions/s-alice/control/live'), {
        ownerUid: 'alice',
        leaseId: 'l1',
        from: 1,
        text: 'Hel',
      });
      await setDoc(doc(db, 'sessions/s-bob'), {
        ownerUid: 'bob',
        agent: 'orderAssistant',
        status: 'idle',
        updatedAt: 2,
      });
      await setDoc(doc(db, 'orders/A-1001'), { ownerUid: 'alice', status: 'processing' });
      await setDoc(doc(db, 'orders/A-1001/events/e1'), { type: 'created' });
      await setDoc(doc(db, 'orders/B-2001'), { ownerUid: 'bob', status: 'shipped' });
      await setDoc(doc(db, 'toolLedger/s-alice.0.ref'), { sessionId: 's-alice' });
      await setDoc(doc(db, 'accounts/ACC-ALICE'), { ownerUid: 'alice', balanceCents: 100 });
      await setDoc(doc(db, 'notifications/s1-v3'), { ownerUid: 'alice', kind: 'approval-expired' });
      await setDoc(doc(db, 'traces/t1'), { uid: 'alice', flow: 'orderAssistant' });
      await setDoc(doc(db, 'transfers/t-1'), { byUid: 'alice' });
      await setDoc(doc(db, 'usageCounters/alice_2026-11-30'), { uid: 'alice', day: '2026-11-30', tokens: 900 });
      await setDoc(doc(db, 'approvals/a-owner'), approval('r1', ['alice'], null));
      await setDoc(doc(db, 'approvals/a-claim'), approval('r2', [], 'manager'));
      await setDoc(doc(db, 'approvals/a-carol'), approval('r3', ['carol'], null));
    });
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  it('lets a user read their own session and its history when signed in', async () => {
    await assertSucceeds(getDoc(doc(alice(), 'sessions/s-alice')));
    await assertSucceeds(getDocs(collection(alice(), 'sessions/s-alice/history')));
  });

  it('lets a user list their sessions when the query filters on their uid', async () => {
    await assertSucceeds(getDocs(query(collection(alice(), 'sessions'), where('ownerUid', '==', 'alice'))));
  });

  it("lets a user list the web app's conversation list (their sessions of one agent, newest first) and no one else's", async () => {
    // The query web/src/session-list.ts makes (its index is in firestore.indexes.json).
    const conversations = (db: ReturnType<typeof alice>, uid: string) =>
      getDocs(
        query(
          collection(db, 'sessions'),
          where('ownerUid', '==', uid),
          where('agent', '==', 'orderAssistant'),
          orderBy('updatedAt', 'desc'),
          limit(20),
        ),
      );
    const listed = await assertSucceeds(conversations(alice(), 'alice'));
    expect(listed.docs.map((d) => d.id)).toEqual(['s-alice-2', 's-alice']);
    await assertFails(conversations(alice(), 'bob'));
    await assertFails(conversations(nobody(), 'alice'));
    await assertFails(
      getDocs(
        query(collection(alice(), 'sessions'), where('agent', '==', 'orderAssistant'), orderBy('updatedAt', 'desc')),
      ),
    );
  });

  it("lets the owner read a sub-agent's session and its history as any of their sessions, and no one else", async () => {
    await assertSucceeds(getDoc(doc(alice(), 'sessions/s-alice-sub')));
    await assertSucceeds(getDocs(collection(alice(), 'sessions/s-alice-sub/history')));
    await assertFails(getDoc(doc(bob(), 'sessions/s-alice-sub')));
    await assertFails(getDoc(doc(bob(), 'sessions/s-alice-sub/history/c000000')));
  });

  it("refuses another user's session and its history", async () => {
    await assertFails(getDoc(doc(bob(), 'sessions/s-alice')));
    await assertFails(getDoc(doc(bob(), 'sessions/s-alice/history/c000000')));
  });

  it('refuses a list of sessions when the query does not filter on the caller', async () => {
    await assertFails(getDocs(collection(alice(), 'sessions')));
  });

  it('refuses every read when nobody is signed in', async () => {
    await assertFails(getDoc(doc(nobody(), 'sessions/s-alice')));
    await assertFails(getDoc(doc(nobody(), 'orders/A-1001')));
  });

  it('refuses every client write to sessions, history, the ledger and orders even by the owner', async () => {
    await assertFails(setDoc(doc(alice(), 'sessions/s-new'), { ownerUid: 'alice' }));
    await assertFails(updateDoc(doc(alice(), 'sessions/s-alice'), { status: 'running' }));
    await assertFails(setDoc(doc(alice(), 'sessions/s-alice/history/c000001'), { lines: '' }));
    await assertFails(updateDoc(doc(alice(), 'orders/A-1001'), { status: 'cancelled' }));
    await assertFails(setDoc(doc(alice(), 'orders/A-1001/events/e2'), { type: 'forged' }));
  });

  it('lets a user read their own order and its events', async () => {
    await assertSucceeds(getDoc(doc(alice(), 'orders/A-1001')));
    await assertSucceeds(getDocs(collection(alice(), 'orders/A-1001/events')));
  });

  it("refuses another user's order and its events", async () => {
    await assertFails(getDoc(doc(alice(), 'orders/B-2001')));
    await assertFails(getDocs(collection(bob(), 'orders/A-1001/events')));
  });

  it('refuses the tool ledger and the transfers to everyone', async () => {
    await assertFails(getDoc(doc(alice(), 'toolLedger/s-alice.0.ref')));
    await assertFails(getDoc(doc(alice(), 'transfers/t-1')));
  });

  it('lets a user read their own account and no one else', async () => {
    await assertSucceeds(getDoc(doc(alice(), 'accounts/ACC-ALICE')));
    await assertFails(getDoc(doc(bob(), 'accounts/ACC-ALICE')));
    await assertFails(updateDoc(doc(alice(), 'accounts/ACC-ALICE'), { balanceCents: 1_000_000 }));
  });

  it('lets a user read their own notifications and no one write or read the traces', async () => {
    await assertSucceeds(getDoc(doc(alice(), 'notifications/s1-v3')));
    await assertFails(getDoc(doc(bob(), 'notifications/s1-v3')));
    await assertFails(updateDoc(doc(alice(), 'notifications/s1-v3'), { kind: 'x' }));
    await assertFails(getDoc(doc(alice(), 'traces/t1')));
  });

  it('refuses the usage counters to everyone, their owner included, so no client can read or reset a limit', async () => {
    await assertFails(getDoc(doc(alice(), 'usageCounters/alice_2026-11-30')));
    await assertFails(getDocs(query(collection(alice(), 'usageCounters'), where('uid', '==', 'alice'))));
    await assertFails(updateDoc(doc(alice(), 'usageCounters/alice_2026-11-30'), { tokens: 0 }));
    await assertFails(setDoc(doc(alice(), 'usageCounters/alice_2026-12-01'), { uid: 'alice', tokens: 0 }));
    await assertFails(setDoc(doc(nobody(), 'usageCounters/x_2026-12-01'), { tokens: 0 }));
  });

  it('lets the owner read a session’s queue (there or not yet), and no one else, when a watch listens to it', async () => {
    await assertSucceeds(getDoc(doc(alice(), 'sessions/s-alice/control/queue')));
    await assertSucceeds(getDoc(doc(alice(), 'sessions/s-alice-2/control/queue')));
    await assertFails(getDoc(doc(bob(), 'sessions/s-alice/control/queue')));
    await assertFails(getDoc(doc(nobody(), 'sessions/s-alice/control/queue')));
  });

  it('lets the owner read a session’s live words (there or not yet), and no one else, when a watch listens to them', async () => {
    await assertSucceeds(getDoc(doc(alice(), 'sessions/s-alice/control/live')));
    await assertSucceeds(getDoc(doc(alice(), 'sessions/s-alice-2/control/live')));
    await assertFails(getDoc(doc(bob(), 'sessions/s-alice/control/live')));
    await assertFails(getDoc(doc(nobody(), 'sessions/s-alice/control/live')));
    await assertFails(getDoc(doc(alice(), 'sessions/s-alice/control/other')));
  });

  it('refuses every client the kept state of a waiting call (an MCP server’s requestState), even the owner and an approver', async () => {
    for (const db of [alice(), max(), carol(), bob(), nobody()]) {
      await assertFails(getDoc(doc(db, 'sessions/s-alice-2/control/kept')));
      await assertFails(setDoc(doc(db, 'sessions/s-alice-2/control/kept'), { text: '{}' }));
    }
    await assertFails(getDocs(collection(alice(), 'sessions/s-alice-2/control')));
    // The owner still reads the session itself.
    await assertSucceeds(getDoc(doc(alice(), 'sessions/s-alice-2')));
  });

  it('refuses every client write to the control documents and every read of the stop, even by the owner', async () => {
    await assertFails(setDoc(doc(alice(), 'sessions/s-alice/control/live'), { ownerUid: 'alice', text: 'forged' }));
    await assertFails(updateDoc(doc(alice(), 'sessions/s-alice/control/live'), { text: 'forged' }));
    await assertFails(deleteDoc(doc(alice(), 'sessions/s-alice/control/live')));
    await assertFails(setDoc(doc(alice(), 'sessions/s-alice/control/queue'), { ownerUid: 'alice', items: [] }));
    await assertFails(updateDoc(doc(alice(), 'sessions/s-alice/control/queue'), { items: [] }));
    await assertFails(setDoc(doc(alice(), 'sessions/s-alice/control/stop'), { leaseId: 'l1', at: 2 }));
    await assertFails(getDoc(doc(alice(), 'sessions/s-alice/control/stop')));
    await assertFails(getDocs(collection(alice(), 'sessions/s-alice/control')));
  });

  /** A device token document as the typed client's `registerDevice` writes it. */
  const device = (token: string, over: Record<string, unknown> = {}) => ({
    token,
    platform: 'web',
    updatedAt: serverTimestamp(),
    expireAt: Timestamp.fromMillis(Date.now() + 60 * 86_400_000),
    ...over,
  });

  it('lets a user register, read, renew and delete their own device tokens', async () => {
    await assertSucceeds(setDoc(doc(alice(), 'users/alice/devices/d1'), device('fcm-token-1')));
    await assertSucceeds(getDoc(doc(alice(), 'users/alice/devices/d1')));
    await assertSucceeds(getDocs(collection(alice(), 'users/alice/devices')));
    await assertSucceeds(setDoc(doc(alice(), 'users/alice/devices/d1'), device('fcm-token-1')));
    await assertSucceeds(deleteDoc(doc(alice(), 'users/alice/devices/d1')));
  });

  it("refuses a device token written for another user, and another user's tokens to read or delete", async () => {
    await assertFails(setDoc(doc(bob(), 'users/alice/devices/d2'), device('bobs-token')));
    await assertFails(setDoc(doc(nobody(), 'users/alice/devices/d2'), device('anon-token')));
    await assertSucceeds(setDoc(doc(alice(), 'users/alice/devices/d2'), device('fcm-token-2')));
    await assertFails(getDoc(doc(bob(), 'users/alice/devices/d2')));
    await assertFails(getDocs(collection(bob(), 'users/alice/devices')));
    await assertFails(deleteDoc(doc(bob(), 'users/alice/devices/d2')));
    await assertFails(getDoc(doc(bob(), 'users/alice')));
  });

  it("lets the typed client's registerDevice write the user's own token, and refuses it for another uid", async () => {
    // The test environment's contexts are the SDK's compat instances; the typed client takes the modular one they wrap.
    const modular = (db: unknown) => db as Firestore;
    const tokenId = await registerDevice(modular(alice()), { uid: 'alice', token: 'fcm-token-client' });
    const stored = await getDoc(doc(alice(), `users/alice/devices/${tokenId}`));
    expect(stored.data()).toMatchObject({ token: 'fcm-token-client', platform: 'web' });
    await assertFails(registerDevice(modular(bob()), { uid: 'alice', token: 'bobs-token' }));
    await assertSucceeds(unregisterDevice(modular(alice()), { uid: 'alice', token: 'fcm-token-client' }));
    expect((await getDoc(doc(alice(), `users/alice/devices/${tokenId}`))).exists()).toBe(false);
  });

  it('refuses a device token with other fields, a client clock, an empty token or a far expiry', async () => {
    const mine = doc(alice(), 'users/alice/devices/d3');
    await assertFails(setDoc(mine, device('t', { uid: 'bob' })));
    await assertFails(setDoc(mine, device('t', { updatedAt: Timestamp.fromMillis(1) })));
    await assertFails(setDoc(mine, device('')));
    await assertFails(setDoc(mine, device('t', { platform: 'fridge' })));
    await assertFails(setDoc(mine, device('t', { expireAt: Timestamp.fromMillis(Date.now() + 400 * 86_400_000) })));
    const { expireAt: _expireAt, ...noExpiry } = device('t');
    await assertFails(setDoc(mine, noExpiry));
  });

  it('lets an approver read the inbox documents addressed to them, by uid or by claim, and no other', async () => {
    await assertSucceeds(getDoc(doc(max(), 'approvals/a-claim')));
    await assertSucceeds(getDoc(doc(carol(), 'approvals/a-carol')));
    await assertFails(getDoc(doc(max(), 'approvals/a-carol')));
    await assertFails(getDoc(doc(max(), 'approvals/a-owner')));
    await assertFails(getDoc(doc(carol(), 'approvals/a-claim')));
    // A claim is held only when it is true.
    await assertFails(getDoc(doc(eve(), 'approvals/a-claim')));
    await assertFails(getDoc(doc(bob(), 'approvals/a-owner')));
    await assertFails(getDoc(doc(nobody(), 'approvals/a-claim')));
    // The owner reads all of their session's.
    for (const id of ['a-owner', 'a-claim', 'a-carol']) await assertSucceeds(getDoc(doc(alice(), `approvals/${id}`)));
  });

  it('lets an approver list what waits for them by uid or by claim, and refuses a list that is not theirs', async () => {
    const waiting = (db: ReturnType<typeof alice>, field: string, op: '==' | 'array-contains', value: string) =>
      getDocs(
        query(
          collection(db, 'approvals'),
          where(field, op, value),
          where('state', '==', 'waiting'),
          orderBy('waitingSince'),
        ),
      );
    const byUid = await assertSucceeds(waiting(carol(), 'approverUids', 'array-contains', 'carol'));
    expect(byUid.docs.map((d) => d.id)).toEqual(['a-carol']);
    const byClaim = await assertSucceeds(waiting(max(), 'approverClaim', '==', 'manager'));
    expect(byClaim.docs.map((d) => d.id)).toEqual(['a-claim']);
    await assertSucceeds(waiting(alice(), 'ownerUid', '==', 'alice'));
    await assertFails(waiting(max(), 'approverUids', 'array-contains', 'carol'));
    await assertFails(waiting(eve(), 'approverClaim', '==', 'manager'));
    await assertFails(getDocs(collection(max(), 'approvals')));
  });

  it('shows an approver’s watchApprovals the calls waiting for them, drops one once answered, and ends a watch of a claim not held', async () => {
    const seen: string[][] = [];
    let next: (() => void) | undefined;
    const changed = () => new Promise<void>((resolve) => (next = resolve));
    let first = changed();
    const stop = watchApprovals(
      modular(max()),
      { claim: 'manager' },
      {
        next: (approvals) => {
          seen.push(approvals.map((a) => `${a.id}:${a.state}:${a.tool}`));
          next?.();
        },
      },
    );
    await first;
    expect(seen.at(-1)).toEqual(['a-claim:waiting:refund']);
    first = changed();
    await env.withSecurityRulesDisabled(async (admin) => {
      await setDoc(doc(admin.firestore(), 'approvals/a-claim-2'), {
        ...approval('r4', [], 'manager'),
        state: 'approved',
      });
      await updateDoc(doc(admin.firestore(), 'approvals/a-claim'), { state: 'approved' });
    });
    await first;
    expect(seen.at(-1)).toEqual([]);
    stop();
    const refused = await new Promise<FlowError>((resolve) =>
      watchApprovals(modular(eve()), { claim: 'manager' }, { next: () => undefined, error: resolve }),
    );
    expect(refused.code).toBe('permission-denied');
    await env.withSecurityRulesDisabled(async (admin) => {
      await setDoc(doc(admin.firestore(), 'approvals/a-claim'), approval('r2', [], 'manager'));
    });
  });

  it('never lets an approver read the session they are asked about', async () => {
    await assertFails(getDoc(doc(max(), 'sessions/s-alice-2')));
    await assertFails(getDocs(collection(max(), 'sessions/s-alice-2/history')));
    await assertFails(getDoc(doc(carol(), 'sessions/s-alice-2')));
  });

  it('refuses every client write to the inbox, the owner’s and the approver’s included', async () => {
    await assertFails(updateDoc(doc(max(), 'approvals/a-claim'), { state: 'approved' }));
    await assertFails(updateDoc(doc(alice(), 'approvals/a-owner'), { state: 'approved' }));
    await assertFails(setDoc(doc(carol(), 'approvals/new'), approval('r9', ['carol'], null)));
    await assertFails(deleteDoc(doc(alice(), 'approvals/a-owner')));
  });

  it('refuses collections the rules do not name', async () => {
    await assertFails(getDoc(doc(alice(), 'anything/else')));
  });
});
