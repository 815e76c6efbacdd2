import type { Agent, WhileBusy } from '@callable-flows/kit/agent/index.js';
import { defineAgent } from '@callable-flows/kit/agent/index.js';
import { effects, transferTool, userTexts } from '@callable-flows/kit/agent/test-utils/agent-fixtures.js';
import type { Message, ToolResponsePart } from '@callable-flows/kit/model/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import { defineTool } from '@callable-flows/kit/tools/index.js';
import { FieldValue, type Firestore } from '@google-cloud/firestore';
import { z } from 'zod';

/** The downstream side of the transfer: one effect document per call ref, counting every body run. */
export const effectsOf = (firestore: Firestore, prefix: string) => firestore.collection(`${prefix}effects`);

/** How long the `wait` tool a message that says "slowly" asks for takes: long enough for other instances to act meanwhile. */
export const SLOW_TOOL_MS = 1_500;

/** A tool that takes {@link SLOW_TOOL_MS}, or until its turn is stopped. */
const waitTool = defineTool(
  { name: 'wait', description: 'Takes its time.', inputSchema: z.object({}), sideEffects: 'idempotent' },
  (_input, ctx) =>
    new Promise<string>((resolve) => {
      const timer = setTimeout(() => resolve('waited'), SLOW_TOOL_MS);
      ctx.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
    }),
);

/** The fixtures' bank model (`transferOnSend`), with a `wait` tool round first for a message that says "slowly". */
function bankModel() {
  return scriptedModel(async (request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') {
      const outputs = last.content.map((p) => (p as ToolResponsePart).toolResponse?.output);
      return `done: ${JSON.stringify(outputs)}`;
    }
    const [text = ''] = userTexts([last]);
    const call = text.startsWith('send') ? { name: 'transfer', input: { cents: 5 } } : { name: 'wait', input: {} };
    if (!text.startsWith('send') && !text.includes('slowly')) return `noted: ${text}`;
    return { message: { role: 'model', content: [{ toolRequest: call }] }, finishReason: 'stop' };
  });
}

/**
 * The agent every instance of the multi-instance test runs: the fixtures' `transfer` (asks first,
 * then applies its effect), with the effect recorded downstream in Firestore, shared by all
 * instances, keyed by the call's ref. `bank` refuses a message while a turn runs; `bankQueue`
 * (whileBusy 'queue') queues it. A message that says "slowly" runs the `wait` tool ({@link SLOW_TOOL_MS}) first.
 */
export function instanceAgent(firestore: Firestore, prefix: string, whileBusy: WhileBusy = 'reject'): Agent<WhileBusy> {
  const record = effects();
  record.afterEffect = async (ref) => {
    await effectsOf(firestore, prefix)
      .doc(ref.replace(/[^A-Za-z0-9_-]/g, '_'))
      .set({ runs: FieldValue.increment(1) }, { merge: true });
  };
  return defineAgent({
    name: whileBusy === 'reject' ? 'bank' : 'bankQueue',
    model: bankModel(),
    tools: [transferTool(record), waitTool],
    store: new FirestoreSessionStore({ firestore, prefix }),
    whileBusy,
  });
}
