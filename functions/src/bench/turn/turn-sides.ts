import { defineAgent } from '@callable-flows/kit/agent/index.js';
import {
  type CallRequest,
  type CallResult,
  type FlowCallable,
  onCallFlow,
} from '@callable-flows/kit/callable/index.js';
import { type DocumentDb, RestFirestore } from '@callable-flows/kit/firestore/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import { benchProtocolReply } from '@callable-flows/kit/test-utils/bench-protocol-reply.js';
import { defineTool } from '@callable-flows/kit/tools/index.js';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { z } from 'zod';
import type { GenkitBetaModule, GenkitGenerateResponse } from '../genkit/genkit-api.js';
import type { GenkitInstall } from '../genkit/load-genkit.js';
import { ioReply } from '../protocol-tools.js';

/** One side's callable: a turn in (session id, message), the session id and answer out. */
export interface TurnCallable {
  run(request: CallableRequest<{ sessionId?: string; message: string }>): Promise<{ sessionId: string; text: string }>;
}

/** The kit API a turn callable is built from: the library (lib/) or the deployed bundle (dist/kit.js). */
export interface KitApi {
  defineAgent: typeof defineAgent;
  defineTool: typeof defineTool;
  onCallFlow: typeof onCallFlow;
  scriptedModel: typeof scriptedModel;
  FirestoreSessionStore: typeof FirestoreSessionStore;
  RestFirestore: typeof RestFirestore;
}

const LIB_KIT: KitApi = { defineAgent, defineTool, onCallFlow, scriptedModel, FirestoreSessionStore, RestFirestore };

/**
 * The kit's side: `onCallFlow` over `defineAgent` (its LRU cache) over FirestoreSessionStore, with
 * the protocol's scripted model and `lookup` (async) declared read-only (`sideEffects: 'none'`)
 * unless `readOnly` is false.
 */
export function kitTurnCallable(
  firestore: DocumentDb,
  kit: KitApi = LIB_KIT,
  { prefix = 'turn_', readOnly = true }: { prefix?: string; readOnly?: boolean } = {},
): TurnCallable {
  const lookup = kit.defineTool(
    {
      name: 'lookup',
      description: 'Looks a value up by id.',
      inputSchema: z.object({ id: z.string() }),
      outputSchema: z.object({ value: z.number() }),
      // Undeclared (readOnly false) is the safe default: each result is journaled on its own.
      ...(readOnly && { sideEffects: 'none' as const }),
    },
    async ({ id }) => ({ value: await ioReply(id.length) }),
  );
  const agent = kit.defineAgent({
    name: 'turnBench',
    model: kit.scriptedModel(benchProtocolReply, { record: false }),
    tools: [lookup],
    store: new kit.FirestoreSessionStore({ firestore, prefix }),
  });
  const fn: FlowCallable<CallRequest, CallResult> = kit.onCallFlow({ traces: false }, agent);
  return {
    run: async (request) => {
      const result = await fn.run(request as CallableRequest<CallRequest>);
      return { sessionId: result.sessionId, text: result.text };
    },
  };
}

interface GenkitFlowModule {
  genkit: GenkitBetaModule['genkit'];
  z: GenkitBetaModule['z'] & { object(shape: Record<string, unknown>): { optional(): unknown } };
}

/**
 * Genkit's side, as its docs deploy a chat: `onCallGenkit` (the same firebase-functions as the
 * kit's) over an `ai.defineFlow` that sends on `agent.chat({ sessionId })`, the agent's store
 * `FirestoreSessionStore` from @genkit-ai/firebase; the same scripted model and async `lookup`.
 */
export async function genkitTurnCallable(install: GenkitInstall, firestore: unknown): Promise<TurnCallable> {
  const { genkit, z: gz } = install.require('genkit/beta') as GenkitFlowModule;
  const { FirestoreSessionStore: GenkitStore } = install.require('@genkit-ai/firebase/beta') as {
    FirestoreSessionStore: new (options: { db: unknown; collection?: string }) => unknown;
  };
  const { onCallGenkit } = (await import('firebase-functions/https')) as unknown as {
    onCallGenkit(flow: unknown): TurnCallable;
  };
  const ai = genkit({}) as unknown as GenkitTurnInstance;
  const model = ai.defineModel(
    { name: 'bench/scripted', supports: { multiturn: true, tools: true, systemRole: true } },
    async (request) => benchProtocolReply(request as never),
  );
  const lookup = ai.defineTool(
    {
      name: 'lookup',
      description: 'Looks a value up by id.',
      inputSchema: gz.object({ id: gz.string() }),
      outputSchema: gz.object({ value: gz.number() }),
    },
    async ({ id }) => ({ value: await ioReply(id.length) }),
  );
  const store = new GenkitStore({ db: firestore, collection: 'turn-bench-sessions' });
  const agent = ai.defineAgent({ name: 'turnBench', model, tools: [lookup], store });
  const flow = ai.defineFlow({ name: 'turnBench' }, async (input: { sessionId?: string; message: string }) => {
    const chat = input.sessionId ? agent.chat({ sessionId: input.sessionId }) : agent.chat();
    const response = await chat.send(input.message);
    return { sessionId: response.sessionId ?? chat.sessionId ?? '', text: response.text };
  });
  return onCallGenkit(flow);
}

/** The slice of Genkit's instance this bench drives. */
interface GenkitTurnInstance {
  defineModel(info: Record<string, unknown>, runner: (request: unknown) => Promise<unknown>): unknown;
  defineTool(config: Record<string, unknown>, fn: (input: { id: string }) => Promise<{ value: number }>): unknown;
  defineAgent(config: Record<string, unknown>): {
    chat(init?: { sessionId?: string }): {
      send(text: string): Promise<GenkitGenerateResponse & { sessionId?: string }>;
      sessionId?: string;
    };
  };
  defineFlow<I, O>(config: { name: string }, fn: (input: I) => Promise<O>): unknown;
}
