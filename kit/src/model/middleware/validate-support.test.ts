import { describe, expect, it } from 'vitest';
import { defineModel } from '../define-model.js';
import type { GenerateRequest } from '../request.js';

const model = (supports: Parameters<typeof defineModel>[0]['supports']) =>
  defineModel({ name: 'limited', supports }, async () => ({ finishReason: 'stop' }));

describe('validateSupport', () => {
  it('names the offending part when the model takes no media', async () => {
    const request: GenerateRequest = {
      messages: [
        { role: 'user', content: [{ text: 'look' }] },
        { role: 'model', content: [{ text: 'at?' }] },
        { role: 'user', content: [{ text: 'this' }, { media: { url: 'https://x/y.png', contentType: 'image/png' } }] },
      ],
    };
    await expect(model({ media: false }).generate(request)).rejects.toMatchObject({
      code: 'invalid-argument',
      message: "model 'limited' does not support media parts (request.messages[2].content[1])",
    });
  });

  it('rejects tools when the model has no tool use', async () => {
    const request: GenerateRequest = {
      messages: [{ role: 'user', content: [{ text: 'x' }] }],
      tools: [{ name: 't', description: '' }],
    };
    await expect(model({ tools: false }).generate(request)).rejects.toMatchObject({ code: 'invalid-argument' });
  });

  it('rejects a conversation when the model is single-turn', async () => {
    const request: GenerateRequest = {
      messages: [
        { role: 'system', content: [{ text: 's' }] },
        { role: 'user', content: [{ text: 'a' }] },
        { role: 'model', content: [{ text: 'b' }] },
      ],
    };
    await expect(model({ multiturn: false }).generate(request)).rejects.toMatchObject({
      message: expect.stringContaining('2 messages'),
    });
  });

  it('lets a request through when the model supports what it asks', async () => {
    const request: GenerateRequest = {
      messages: [{ role: 'user', content: [{ media: { url: 'data:image/png;base64,AA==' } }] }],
    };
    await expect(model({ media: true }).generate(request)).resolves.toMatchObject({ finishReason: 'stop' });
  });
});
