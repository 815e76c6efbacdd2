import { describe, expect, it } from 'vitest';
import { defineModel } from '../define-model.js';
import type { GenerateRequest } from '../request.js';

const schema = { type: 'object', properties: { a: { type: 'number' } } };

function recording(constrained: 'none' | 'all' | 'no-tools') {
  const seen: GenerateRequest[] = [];
  const model = defineModel({ name: 'm', supports: { constrained } }, async (request) => {
    seen.push(request);
    return { finishReason: 'stop' };
  });
  return { model, seen };
}

const request = (tools: boolean): GenerateRequest => ({
  messages: [{ role: 'user', content: [{ text: 'give me a' }] }],
  output: { format: 'json', schema, constrained: true },
  ...(tools ? { tools: [{ name: 't', description: 'd' }] } : {}),
});

describe('simulateConstrainedGeneration', () => {
  it('puts the schema in the prompt when the model cannot constrain', async () => {
    const { model, seen } = recording('none');
    await model.generate(request(false));
    expect(seen[0]?.output?.constrained).toBe(false);
    expect(seen[0]?.messages[0]?.content[1]).toMatchObject({ metadata: { purpose: 'output' } });
  });

  it('simulates only when tools are present for a no-tools model', async () => {
    const withTools = recording('no-tools');
    await withTools.model.generate(request(true));
    expect(withTools.seen[0]?.output?.constrained).toBe(false);
    const withoutTools = recording('no-tools');
    await withoutTools.model.generate(request(false));
    expect(withoutTools.seen[0]?.output?.constrained).toBe(true);
    expect(withoutTools.seen[0]?.messages[0]?.content).toHaveLength(1);
  });
});
