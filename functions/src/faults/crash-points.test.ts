import type { AgentTurnResult } from '@callable-flows/kit/agent/index.js';
import { userTexts } from '@callable-flows/kit/agent/test-utils/agent-fixtures.js';
import type { Message } from '@callable-flows/kit/model/index.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import type { Session } from '@callable-flows/kit/session/index.js';
import { demoProjectId, emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { childAt, killHard, liveChildren } from './test-utils/crash-child-process.js';
import {
  type CrashCall,
  type CrashPoint,
  crashAgent,
  HANDOFF_ANSWER,
  HANDOFF_MESSAGE,
  HANDOFF_POINTS,
  MESSAGE_POINTS,
  ORDER_ANSWER,
  ORDER_MESSAGE,
  RESUME_POINTS,
  TRANSFER_ANSWER,
  TRANSFER_MESSAGE,
} from './test-utils/crash-turn.js';

// A child process runs one call against the Firestore emulator and is killed (SIGKILL) at a
// step of it; another "instance" (this process, after the dead one's lease has expired) then
// retries the call. Each time the retry completes the turn, the user message is stored once and
// every side effect is applied once downstream.

const host = firestoreEmulatorHost();
const projectId = demoProjectId('faults-crash');
let firestore: Firestore | undefined;
const tally: string[] = [];

/** How the call that is killed was made, and so how its client retries it. */
interface Variant {
  name: string;
  points: readonly CrashPoint[];
  /** Opens what the call needs (in this process) and returns the call. */
  prepare(db: Firestore, prefix: string): Promise<CrashCall>;
  /** The user texts the session holds once the turn is done. */
  users: string[];
  /** The roles of the finished session's history. */
  roles: Message['role'][];
  answer: string;
  /** Tools whose effect the turn applies. */
  tools: string[];
  /** The agent in charge of the finished session. Default the shop. */
  agent?: string;
}

const ORDER_ROLES: Message['role'][] = ['user', 'model', 'tool', 'model', 'tool', 'model'];
const opened = async (db: Firestore, prefix: string, message: string): Promise<AgentTurnResult> =>
  crashAgent({ firestore: db, prefix }).send(undefined, { message }, { uid: 'u1' });

const VARIANTS: Variant[] = [
  {
    name: 'the first call of a session, with a request id',
    points: MESSAGE_POINTS,
    prepare: async () => ({ input: { message: ORDER_MESSAGE }, requestId: 'order-1' }),
    users: [ORDER_MESSAGE],
    roles: ORDER_ROLES,
    answer: ORDER_ANSWER,
    tools: ['charge', 'ship'],
  },
  {
    name: 'a later turn, with a request id',
    points: MESSAGE_POINTS,
    prepare: async (db, prefix) => {
      const { sessionId } = await opened(db, prefix, 'hello');
      return { sessionId, input: { message: ORDER_MESSAGE }, requestId: 'order-2' };
    },
    users: ['hello', ORDER_MESSAGE],
    roles: ['user', 'model', ...ORDER_ROLES],
    answer: ORDER_ANSWER,
    tools: ['charge', 'ship'],
  },
  {
    name: 'a later turn, without a request id (the retry repeats the message)',
    // Once the turn is stored, a repeated message without an id is a new message: nothing to retry.
    points: MESSAGE_POINTS.filter((p) => p !== 'after-final-write'),
    prepare: async (db, prefix) => {
      const { sessionId } = await opened(db, prefix, 'hello');
      return { sessionId, input: { message: ORDER_MESSAGE } };
    },
    users: ['hello', ORDER_MESSAGE],
    roles: ['user', 'model', ...ORDER_ROLES],
    answer: ORDER_ANSWER,
    tools: ['charge', 'ship'],
  },
  {
    name: 'the resume of an interrupted transfer, with a request id',
    points: RESUME_POINTS,
    prepare: async (db, prefix) => {
      const asked = await opened(db, prefix, TRANSFER_MESSAGE);
      const ref = asked.interrupts[0]?.ref as string;
      return {
        sessionId: asked.sessionId,
        input: { resume: { restart: [{ ref, name: 'transfer' }] } },
        requestId: 'ok-1',
      };
    },
    users: [TRANSFER_MESSAGE],
    roles: ['user', 'model', 'tool', 'model'],
    answer: TRANSFER_ANSWER,
    tools: ['transfer'],
  },
  {
    name: 'a refund the shop hands to the refunds agent, with a request id',
    points: HANDOFF_POINTS,
    prepare: async () => ({ input: { message: HANDOFF_MESSAGE }, requestId: 'refund-1' }),
    users: [HANDOFF_MESSAGE],
    roles: ORDER_ROLES,
    answer: HANDOFF_ANSWER,
    tools: ['charge'],
    agent: 'refunds',
  },
];

/** The one session stored under `prefix`. */
async function storedSession(db: Firestore, prefix: string): Promise<Session> {
  const docs = await db.collection(`${prefix}sessions`).listDocuments();
  expect(docs).toHaveLength(1);
  const record = await new FirestoreSessionStore({ firestore: db, prefix }).load(docs[0]?.id as string);
  return (record as { session: Session }).session;
}

async function countOf(db: Firestore, path: string): Promise<number> {
  return ((await db.doc(path).get()).get('count') as number | undefined) ?? 0;
}

afterAll(async () => {
  // A test that failed before its kill leaves its child hanging: end it.
  await Promise.all([...liveChildren].map(killHard));
  if (tally.length) {
    const points = new Set(tally.map((t) => t.split(' @ ')[1]));
    console.log(`[faults] crash points × runs: ${tally.length} runs killed at ${points.size} distinct points`);
  }
  await firestore?.terminate();
});

if (!host) {
  console.warn('\n*** SKIPPED: crash-point fault tests — no Firestore emulator ***\n');
  describe.skip('defineAgent killed at every step', () => {
    it('needs the Firestore emulator', () => undefined);
  });
} else {
  describe.each(VARIANTS)('defineAgent killed at every step of $name', (variant) => {
    it.each(variant.points)('completes the turn once on retry when the process is killed %s', async (point) => {
      firestore ??= emulatorFirestore(host, projectId);
      const db = firestore;
      const prefix = `${VARIANTS.indexOf(variant)}_${point.replace(':', '-')}_`;
      const call = await variant.prepare(db, prefix);
      await killHard(await childAt({ host, projectId, prefix }, point, call));
      tally.push(`${variant.name} @ ${point}`);

      // Nothing the dead call was told is lost: its user message is stored, once.
      const killed = await storedSession(db, prefix);
      expect(userTexts(killed.history)).toEqual(variant.users);

      // Another instance, after the dead one's lease has expired, retries the same call.
      const retry = crashAgent({ firestore: db, prefix, clock: () => Date.now() + 5 * 60_000 });
      const ctx = { uid: 'u1', ...(call.requestId ? { requestId: call.requestId } : {}) };
      const result = await retry.send(call.sessionId, call.input, ctx);
      expect(result).toMatchObject({ status: 'done', text: variant.answer });

      const session = await storedSession(db, prefix);
      expect(session.status).toBe('idle');
      expect(session.lease).toBeUndefined();
      expect(userTexts(session.history)).toEqual(variant.users);
      expect(session.history.map((m) => m.role)).toEqual(variant.roles);
      expect(session.agent).toBe(variant.agent ?? 'shop');
      const applied = (await db.collection(`${prefix}applied`).get()).docs.map((d) => d.id);
      for (const tool of variant.tools) {
        expect(applied.filter((id) => id.startsWith(`${tool}-`))).toHaveLength(1);
        // Killed after the effect but before its ledger write: the retry runs the tool again,
        // under the same ref, and the downstream idempotency applies it once. Otherwise: once.
        expect(await countOf(db, `${prefix}runs/${tool}`)).toBe(point === `after-effect:${tool}` ? 2 : 1);
      }
    });
  });
}
