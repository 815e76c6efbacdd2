import { FieldValue, type Firestore } from '@google-cloud/firestore';
import { z } from 'zod';
import { defineTool } from '../../tools/index.js';
import type { Agent } from '../agent.js';
import { defineAgent } from '../define-agent.js';
import { FirestoreSessionStore } from '../firestore-session-store.js';
import type { SessionStore } from '../session-store.js';
import { toolThenAnswer } from './agent-fixtures.js';

/** Where the child process stops (and is killed): the steps of one turn with a side-effect tool. */
export const KILL_POINTS = ['after-user-message', 'after-ledger', 'in-tool', 'before-final-write'] as const;
export type KillPoint = (typeof KILL_POINTS)[number];

/** Options of {@link crashAgent}. */
export interface CrashScenarioOptions {
  firestore: Firestore;
  prefix: string;
  point?: KillPoint;
  /** Called at `point`; the child prints and hangs there until it is killed. */
  onPoint?: (point: KillPoint) => Promise<void>;
  clock?: () => number;
}

/** The turn the crash test runs: a user asks, the model calls `charge` (a payment keyed by ref), then answers. */
export const CRASH_MESSAGE = 'charge order A-1001';

/** The agent of the crash test, in the child and in the parent; effects go to Firestore so both processes count them. */
export function crashAgent(options: CrashScenarioOptions): Agent {
  const { firestore, prefix, point } = options;
  const at = async (here: KillPoint): Promise<void> => {
    if (point === here) await options.onPoint?.(here);
  };
  const charge = defineTool(
    {
      name: 'charge',
      description: 'charges an order',
      inputSchema: z.object({ orderId: z.string(), cents: z.number() }),
      sideEffects: 'idempotent',
    },
    async (input, ctx) => {
      await firestore.doc(`${prefix}effects/runs`).set({ count: FieldValue.increment(1) }, { merge: true });
      // The payment provider's own idempotency: the ref is the key, so a second run applies nothing.
      await firestore
        .doc(`${prefix}applied/${ctx.ref}`)
        .create(input)
        .catch(() => undefined);
      await at('in-tool');
      return { charged: input.cents };
    },
  );
  const model = toolThenAnswer(
    'charge',
    { orderId: 'A-1001', cents: 500 },
    {
      before: async (call) => {
        if (call === 1) await at('after-user-message');
        if (call === 2) await at('after-ledger');
      },
    },
  );
  const firestoreStore = new FirestoreSessionStore({ firestore, prefix });
  const store = Object.create(firestoreStore) as SessionStore;
  store.write = async (expected, next, writeOptions) => {
    if (next.status !== 'running') await at('before-final-write');
    return firestoreStore.write(expected, next, writeOptions);
  };
  return defineAgent({
    name: 'shop',
    model,
    tools: [charge],
    store,
    ...(options.clock ? { clock: options.clock } : {}),
  });
}
