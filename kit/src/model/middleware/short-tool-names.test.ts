import { describe, expect, it } from 'vitest';
import type { GenerateRequest } from '../request.js';
import { shortToolName, shortToolNames } from './short-tool-names.js';

describe('shortToolName', () => {
  it('is the name after the last slash', () => {
    expect(shortToolName('billing/refund')).toBe('refund');
    expect(shortToolName('a/b/c')).toBe('c');
    expect(shortToolName('lookup')).toBe('lookup');
  });
});

describe('shortToolNames', () => {
  it('shows the model short names and gives the kit back the full ones when tools are namespaced', async () => {
    const request = {
      messages: [{ role: 'model', content: [{ toolRequest: { name: 'billing/refund', ref: 'r0', input: {} } }] }],
      tools: [{ name: 'refund', description: 'd', metadata: { originalName: 'billing/refund' } }],
    } as unknown as GenerateRequest;
    let seen: GenerateRequest | undefined;
    const response = await shortToolNames()(request, {}, async (sent) => {
      seen = sent;
      return {
        finishReason: 'stop',
        message: { role: 'model', content: [{ toolRequest: { name: 'refund', ref: 'r1', input: {} } }] },
      };
    });
    expect(seen?.messages[0]?.content[0]).toMatchObject({ toolRequest: { name: 'refund' } });
    expect(response.message?.content[0]).toMatchObject({ toolRequest: { name: 'billing/refund' } });
  });

  it('passes the request through untouched when no tool is namespaced', async () => {
    const request = { messages: [], tools: [{ name: 'lookup', description: 'd' }] } as unknown as GenerateRequest;
    let seen: GenerateRequest | undefined;
    await shortToolNames()(request, {}, async (sent) => {
      seen = sent;
      return { finishReason: 'stop' };
    });
    expect(seen).toBe(request);
  });
});
