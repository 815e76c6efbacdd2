import { z } from 'zod';
import type { GenerateRequest, ModelRunnerResponse } from '../../model/index.js';
import { scriptedModel } from '../../models/scripted/index.js';
import { InMemorySessionStore } from '../../session/index.js';
import { defineTool } from '../../tools/index.js';
import { defineAgent } from '../define-agent.js';
import { gate, userTexts } from './agent-fixtures.js';

/** A queueing echo agent whose turn on "slow" holds in a tool until `release` opens. */
export function busyAgent() {
  const store = new InMemorySessionStore();
  const release = gate();
  const started = gate();
  const wait = defineTool(
    { name: 'wait', description: 'Takes its time.', inputSchema: z.object({}), sideEffects: 'idempotent' },
    async () => {
      started.open();
      await release.promise;
      return 'waited';
    },
  );
  const answered: string[] = [];
  const model = scriptedModel(async (request: GenerateRequest): Promise<ModelRunnerResponse | string> => {
    const [text = ''] = userTexts(request.messages.filter((m) => m.role === 'user').slice(-1));
    if (request.messages.at(-1)?.role === 'tool' || text !== 'slow') {
      answered.push(text);
      return `echo: ${text}`;
    }
    return {
      message: { role: 'model', content: [{ toolRequest: { name: 'wait', ref: 'w1', input: {} } }] },
      finishReason: 'stop',
    };
  });
  const agent = defineAgent({ name: 'busy', model, tools: [wait], store, whileBusy: 'queue' });
  return { agent, store, release, started, answered };
}
