import { userTexts } from '@callable-flows/kit/agent/test-utils/agent-fixtures.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import type { Session } from '@callable-flows/kit/session/index.js';
import { demoProjectId, emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { childAt, killHard, liveChildren } from './test-utils/crash-child-process.js';
import {
  PARENT_SESSION,
  REFUND_ANSWER,
  REFUND_MESSAGE,
  SUB_AGENT_POINTS,
  subAgentCrashShop,
} from './test-utils/sub-agent-crash.js';

// A child process runs a parent turn whose round calls a sub-agent (`agentTool`) against the
// Firestore emulator and is killed (SIGKILL) at a step of either session; the server's
// continuation (this process, after the dead leases lapsed) then goes on with the parent's turn,
// and the client's retry by request id gets its result. Each time both turns end once, both
// histories hold each message and call once, and the sub-agent's charge is applied once downstream.

const host = firestoreEmulatorHost();
const projectId = demoProjectId('faults-sub-agent');
let firestore: Firestore | undefined;

async function stored(db: Firestore, prefix: string, id: string): Promise<Session | undefined> {
  return (await new FirestoreSessionStore({ firestore: db, prefix }).load(id))?.session;
}

async function countOf(db: Firestore, path: string): Promise<number> {
  return ((await db.doc(path).get()).get('count') as number | undefined) ?? 0;
}

afterAll(async () => {
  // A test that failed before its kill leaves its child hanging: end it.
  await Promise.all([...liveChildren].map(killHard));
  await firestore?.terminate();
});

if (!host) {
  console.warn('\n*** SKIPPED: sub-agent crash tests — no Firestore emulator ***\n');
  describe.skip('a sub-agent call killed mid-turn', () => {
    it('needs the Firestore emulator', () => undefined);
  });
} else {
  describe('a parent turn with a sub-agent call killed at every step, continued by the server', () => {
    it.each(SUB_AGENT_POINTS)('finishes both turns once when the process is killed %s', async (point) => {
      firestore ??= emulatorFirestore(host, projectId);
      const db = firestore;
      const prefix = `sa_${point.replace(/:/g, '-')}_`;
      const call = { sessionId: PARENT_SESSION, input: { message: REFUND_MESSAGE }, requestId: 'refund-1' };
      await killHard(await childAt({ host, projectId, prefix }, point, call, 'sub-agent'));

      // Nothing the dead call was told is lost: its message is stored, once, under a dead lease.
      const killed = (await stored(db, prefix, PARENT_SESSION)) as Session;
      expect(userTexts(killed.history)).toEqual([REFUND_MESSAGE]);
      expect(killed.status).toBe('running');
      const leaseId = killed.lease?.id as string;

      // The server, after the dead leases lapsed: the parent's continuation, then the client's retry.
      const server = subAgentCrashShop({ firestore: db, prefix, clock: () => Date.now() + 5 * 60_000 });
      expect(await server.continue({ agent: 'shop', sessionId: PARENT_SESSION, leaseId, handOffs: 0 })).toBe(
        'continued',
      );
      const result = await server.send(PARENT_SESSION, call.input, { uid: 'u1', requestId: call.requestId });
      expect(result).toMatchObject({ status: 'done', text: REFUND_ANSWER });

      const parent = (await stored(db, prefix, PARENT_SESSION)) as Session;
      expect(parent.status).toBe('idle');
      expect(parent.lease).toBeUndefined();
      expect(parent.history.map((m) => m.role)).toEqual(['user', 'model', 'tool', 'model']);
      const ref = parent.history[1]?.content.flatMap((p) => ('toolRequest' in p ? [p.toolRequest.ref] : []))[0];
      const subs = (await db.collection(`${prefix}sessions`).get()).docs.filter((d) => d.id !== PARENT_SESSION);
      expect(subs).toHaveLength(1);
      const sub = (await stored(db, prefix, subs[0]?.id as string)) as Session;
      expect(sub.parent).toEqual({ sessionId: PARENT_SESSION, ref, agent: 'shop' });
      expect(sub.status).toBe('idle');
      expect(sub.lease).toBeUndefined();
      expect(sub.history.map((m) => m.role)).toEqual(['user', 'model', 'tool', 'model']);
      const applied = (await db.collection(`${prefix}applied`).get()).docs;
      expect(applied).toHaveLength(1);
      // Killed after the effect, before its journal write: the charge runs again under the same
      // ref, and the downstream idempotency applies it once. Otherwise: once.
      expect(await countOf(db, `${prefix}runs/charge`)).toBe(point === 'after-effect:charge' ? 2 : 1);
    });
  });
}
