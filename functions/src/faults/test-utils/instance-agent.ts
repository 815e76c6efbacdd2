import { FieldValue, type Firestore } from '@google-cloud/firestore';
import { z } from 'zod';
import type { Agent } from '../../kit/agent/index.js';
import { defineAgent } from '../../kit/agent/index.js';
import type { Message, ToolResponsePart } from '../../kit/model/index.js';
import { scriptedModel } from '../../kit/models/scripted/index.js';
import { FirestoreSessionStore } from '../../kit/session/firestore/index.js';
import type { SessionStore } from '../../kit/session/index.js';
import { defineTool } from '../../kit/tools/index.js';

/** The downstream side of the transfer: one effect document per call ref, and how often a body ran. */
export const effectsOf = (firestore: Firestore, prefix: string) => firestore.collection(`${prefix}effects`);

/**
 * The agent every instance of the multi-instance test runs: a `transfer` that asks first and,
 * approved, applies its effect downstream (keyed by the call's ref, counting every body run).
 */
export function instanceAgent(firestore: Firestore, prefix: string, store?: SessionStore): Agent {
  const transfer = defineTool(
    {
      name: 'transfer',
      description: 'moves money',
      inputSchema: z.object({ cents: z.number() }),
      outputSchema: z.object({ done: z.boolean(), cents: z.number() }),
      sideEffects: 'idempotent',
    },
    async (input, ctx) => {
      if (!ctx.resumed) ctx.interrupt({ cents: input.cents });
      await effectsOf(firestore, prefix)
        .doc(ctx.ref.replace(/[^A-Za-z0-9_-]/g, '_'))
        .set({ cents: input.cents, runs: FieldValue.increment(1) }, { merge: true });
      return { done: true, cents: input.cents };
    },
  );
  const model = scriptedModel((request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') {
      const outputs = last.content.map((p) => (p as ToolResponsePart).toolResponse?.output);
      return `done: ${JSON.stringify(outputs)}`;
    }
    const text = last.content.map((p) => ('text' in p ? p.text : '')).join('');
    if (text.startsWith('send')) {
      return {
        message: { role: 'model', content: [{ toolRequest: { name: 'transfer', input: { cents: 5 } } }] },
        finishReason: 'stop',
      };
    }
    return `noted: ${text}`;
  });
  return defineAgent({
    name: 'bank',
    model,
    tools: [transfer],
    store: store ?? new FirestoreSessionStore({ firestore, prefix }),
  });
}
