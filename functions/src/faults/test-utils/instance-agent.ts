import { FieldValue, type Firestore } from '@google-cloud/firestore';
import type { Agent } from '../../kit/agent/index.js';
import { defineAgent } from '../../kit/agent/index.js';
import { effects, transferOnSend, transferTool } from '../../kit/agent/test-utils/agent-fixtures.js';
import { FirestoreSessionStore } from '../../kit/session/firestore/index.js';

/** The downstream side of the transfer: one effect document per call ref, counting every body run. */
export const effectsOf = (firestore: Firestore, prefix: string) => firestore.collection(`${prefix}effects`);

/**
 * The agent every instance of the multi-instance test runs: the fixtures' `transfer` (asks first,
 * then applies its effect), with the effect recorded downstream in Firestore, shared by all
 * instances, keyed by the call's ref.
 */
export function instanceAgent(firestore: Firestore, prefix: string): Agent {
  const record = effects();
  record.afterEffect = async (ref) => {
    await effectsOf(firestore, prefix)
      .doc(ref.replace(/[^A-Za-z0-9_-]/g, '_'))
      .set({ runs: FieldValue.increment(1) }, { merge: true });
  };
  return defineAgent({
    name: 'bank',
    model: transferOnSend(5),
    tools: [transferTool(record)],
    store: new FirestoreSessionStore({ firestore, prefix }),
  });
}
