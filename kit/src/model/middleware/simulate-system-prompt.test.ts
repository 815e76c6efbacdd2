import { describe, expect, it } from 'vitest';
import { defineModel } from '../define-model.js';
import type { GenerateRequest } from '../request.js';

describe('simulateSystemPrompt', () => {
  it('turns the system message into an acknowledged user turn when the model has no system role', async () => {
    const seen: GenerateRequest[] = [];
    const model = defineModel({ name: 'nosys', supports: { systemRole: false } }, async (request) => {
      seen.push(request);
      return { finishReason: 'stop' };
    });
    await model.generate({
      messages: [
        { role: 'system', content: [{ text: 'Be brief.' }] },
        { role: 'user', content: [{ text: 'hi' }] },
      ],
    });
    expect(seen[0]?.messages).toEqual([
      { role: 'user', content: [{ text: 'SYSTEM INSTRUCTIONS:\n' }, { text: 'Be brief.' }] },
      { role: 'model', content: [{ text: 'Understood.' }] },
      { role: 'user', content: [{ text: 'hi' }] },
    ]);
  });
});
