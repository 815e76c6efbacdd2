import { describe, expect, it } from 'vitest';
import type { GenerateResponseChunk, ToolRequestPart } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import { defineTool } from '../tools/index.js';
import { defineAgent } from './define-agent.js';

describe('defineAgent streaming', () => {
  it('streams the tool request with the ref its response answers when the model names no ref', async () => {
    const lookup = defineTool({ name: 'lookup', description: 'looks up' }, () => 1);
    const model = scriptedModel([
      {
        message: { role: 'model', content: [{ text: 'Let me look.' }, { toolRequest: { name: 'lookup', input: {} } }] },
        finishReason: 'stop',
      },
      'done',
    ]);
    const agent = defineAgent({ name: 'a', model, tools: [lookup], store: new InMemorySessionStore() });
    const chunks: GenerateResponseChunk[] = [];
    await agent.send(undefined, { message: 'hi' }, { uid: 'u1', onChunk: (c) => chunks.push(c) });
    const parts = chunks.flatMap((c) => c.content);
    const requests = parts.filter((p): p is ToolRequestPart => 'toolRequest' in p);
    const responses = parts.filter((p) => 'toolResponse' in p);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.toolRequest.ref).toEqual(expect.any(String));
    expect(responses).toEqual([
      expect.objectContaining({ toolResponse: expect.objectContaining({ ref: requests[0]?.toolRequest.ref }) }),
    ]);
  });
});
