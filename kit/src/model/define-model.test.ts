import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isKitError } from '../errors/index.js';
import { defineModel } from './define-model.js';
import { meter } from './middleware/meter.js';
import type { GenerateRequest } from './request.js';

const hello: GenerateRequest = { messages: [{ role: 'user', content: [{ text: 'hi' }] }] };

function recordingModel(
  options: { supports?: Parameters<typeof defineModel>[0]['supports']; configSchema?: z.ZodType } = {},
) {
  const seen: GenerateRequest[] = [];
  const model = defineModel({ name: 'test/model', ...options }, async (request) => {
    seen.push(request);
    return { message: { role: 'model', content: [{ text: 'ok' }] }, finishReason: 'stop', latencyMs: 999_999 };
  });
  return { model, seen };
}

describe('defineModel', () => {
  it('measures latency itself and ignores the runner’s figure', async () => {
    const { model } = recordingModel();
    const response = await model.generate(hello);
    expect(response.latencyMs).toBeGreaterThanOrEqual(0);
    expect(response.latencyMs).not.toBe(999_999);
  });

  it('names the model that answered, whichever way the response was checked', async () => {
    const { model } = recordingModel();
    const plain = await model.generate(hello);
    expect(plain.model).toBe('test/model');
    const withUsage = defineModel({ name: 'test/usage' }, async () => ({
      message: { role: 'model', content: [{ text: 'ok' }] },
      finishReason: 'stop',
      usage: { inputTokens: 3 },
    }));
    expect((await withUsage.generate(hello)).model).toBe('test/usage');
    // So a meter counts a plain answer too.
    const metered = await meter()(hello, {}, (request, options) => model.generate(request, options));
    expect(metered.usage?.byModel?.['test/model']).toMatchObject({ calls: 1 });
  });

  it('passes unknown config keys to the runner untouched when the common keys are valid', async () => {
    const { model, seen } = recordingModel();
    await model.generate({ ...hello, config: { temperature: 0.5, safetySettings: [{ category: 'x' }] } });
    expect(seen[0]?.config).toEqual({ temperature: 0.5, safetySettings: [{ category: 'x' }] });
  });

  it('rejects more than five stop sequences as internal SERVER_MISCONFIGURED (the flow set them)', async () => {
    const { model, seen } = recordingModel();
    const error = await model
      .generate({ ...hello, config: { stopSequences: ['a', 'b', 'c', 'd', 'e', 'f'] } })
      .catch((e: unknown) => e);
    expect(isKitError(error) && error.code).toBe('internal');
    expect(isKitError(error) && error.reason).toBe('SERVER_MISCONFIGURED');
    expect((error as Error).message).toContain('stopSequences');
    expect(seen).toHaveLength(0);
  });

  it('validates config against the model’s own schema when it has one', async () => {
    const { model } = recordingModel({ configSchema: z.object({ mood: z.enum(['calm', 'wild']) }) });
    await expect(model.generate({ ...hello, config: { mood: 'angry' } })).rejects.toMatchObject({
      code: 'internal',
    });
    expect(model.configJsonSchema).toMatchObject({ properties: { mood: { enum: ['calm', 'wild'] } } });
  });

  it('rejects a malformed runner response with a typed error', async () => {
    const model = defineModel({ name: 'bad' }, async () => ({ finishReason: 'sideways' }) as never);
    await expect(model.generate(hello)).rejects.toMatchObject({
      code: 'unknown',
      message: expect.stringContaining("'bad'"),
    });
  });

  it('adds the context middleware only when the model does not read docs itself', async () => {
    const docs = [{ content: [{ text: 'Paris is in France.' }], metadata: { ref: 'geo-1' } }];
    const plain = recordingModel();
    await plain.model.generate({ ...hello, docs });
    expect(plain.seen[0]?.messages[0]?.content.at(-1)).toMatchObject({
      text: expect.stringContaining('[geo-1]: Paris is in France.'),
      metadata: { purpose: 'context' },
    });
    const native = recordingModel({ supports: { context: true } });
    await native.model.generate({ ...hello, docs });
    expect(native.seen[0]?.messages[0]?.content).toHaveLength(1);
  });
});
