import { describe, expect, it } from 'vitest';
import { KitError, type KitErrorCode } from '../../errors/index.js';
import { composeMiddleware } from '../compose-middleware.js';
import { defineModel } from '../define-model.js';
import type { GenerateRequest } from '../request.js';
import { backoffDelay, retry } from './retry.js';

const hello: GenerateRequest = { messages: [{ role: 'user', content: [{ text: 'hi' }] }] };

/** A model that fails with the given codes, in order, then answers. */
function flakyModel(failures: KitErrorCode[], streamBeforeFailing = false) {
  let calls = 0;
  const model = defineModel({ name: 'flaky' }, async (_request, options) => {
    calls++;
    const code = failures[calls - 1];
    if (code) {
      if (streamBeforeFailing) options.onChunk?.({ content: [{ text: 'partial' }] });
      throw new KitError(code, `failure ${calls}`);
    }
    return { message: { role: 'model', content: [{ text: 'ok' }] }, finishReason: 'stop' };
  });
  return { model, calls: () => calls };
}

const withRetry = (model: ReturnType<typeof flakyModel>['model'], options: Parameters<typeof retry>[0]) =>
  composeMiddleware([retry(options)], (request, callOptions) => model.generate(request, callOptions));

describe('retry', () => {
  it('tries again and succeeds when the model is briefly unavailable', async () => {
    const flaky = flakyModel(['unavailable', 'resource-exhausted']);
    const response = await withRetry(flaky.model, { initialDelayMs: 1 })(hello, {});
    expect(response.message?.content).toEqual([{ text: 'ok' }]);
    expect(flaky.calls()).toBe(3);
  });

  it('gives up with the last error after maxRetries', async () => {
    const flaky = flakyModel(['unavailable', 'unavailable', 'unavailable']);
    await expect(withRetry(flaky.model, { initialDelayMs: 1, maxRetries: 2 })(hello, {})).rejects.toMatchObject({
      code: 'unavailable',
      message: 'failure 3',
    });
    expect(flaky.calls()).toBe(3);
  });

  it('does not retry an error that another try cannot fix', async () => {
    const flaky = flakyModel(['invalid-argument']);
    await expect(withRetry(flaky.model, { initialDelayMs: 1 })(hello, {})).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    expect(flaky.calls()).toBe(1);
  });

  it('stops waiting and rejects with aborted when the caller aborts during backoff', async () => {
    const flaky = flakyModel(['unavailable', 'unavailable']);
    const controller = new AbortController();
    const pending = withRetry(flaky.model, { initialDelayMs: 60_000, jitter: false })(hello, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 5);
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
    expect(flaky.calls()).toBe(1);
  });

  it('does not repeat a call that already streamed chunks to the caller', async () => {
    const flaky = flakyModel(['unavailable'], true);
    const chunks: unknown[] = [];
    await expect(
      withRetry(flaky.model, { initialDelayMs: 1 })(hello, { onChunk: (c) => chunks.push(c) }),
    ).rejects.toMatchObject({ code: 'unavailable' });
    expect(flaky.calls()).toBe(1);
    expect(chunks).toHaveLength(1);
  });

  it('waits as long as the error says when it carries retryAfterMs, instead of the backoff', async () => {
    let calls = 0;
    const model = defineModel({ name: 'quota' }, async () => {
      if (calls++ === 0) throw new KitError('resource-exhausted', 'quota', { details: { retryAfterMs: 7 } });
      return { message: { role: 'model', content: [{ text: 'ok' }] }, finishReason: 'stop' };
    });
    const delays: number[] = [];
    const next = composeMiddleware(
      [retry({ initialDelayMs: 5_000, onRetry: (_e, _n, ms) => delays.push(ms) })],
      (request, callOptions) => model.generate(request, callOptions),
    );
    await expect(next(hello, {})).resolves.toMatchObject({ finishReason: 'stop' });
    expect(delays).toEqual([7]);
  });

  it('gives up at once when the server asks for a wait longer than maxRetryAfterMs', async () => {
    let calls = 0;
    const body = JSON.stringify({
      error: { code: 429, details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '30s' }] },
    });
    const model = defineModel({ name: 'quota' }, async () => {
      calls++;
      throw new KitError('resource-exhausted', 'quota', { cause: new Error(body) });
    });
    const next = composeMiddleware([retry({ initialDelayMs: 1, maxRetryAfterMs: 10_000 })], (request, o) =>
      model.generate(request, o),
    );
    await expect(next(hello, {})).rejects.toMatchObject({ code: 'resource-exhausted' });
    expect(calls).toBe(1);
  });

  it('grows the delay exponentially up to the cap', () => {
    const options = { initialDelayMs: 100, backoffFactor: 2, maxDelayMs: 500 };
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(n, options))).toEqual([100, 200, 400, 500, 500]);
  });

  it('spreads delays within the upper half of the backoff when jitter is on', async () => {
    const delays: number[] = [];
    const flaky = flakyModel(['unavailable', 'unavailable', 'unavailable']);
    await withRetry(flaky.model, { initialDelayMs: 4, onRetry: (_e, _n, d) => delays.push(d) })(hello, {});
    expect(delays).toHaveLength(3);
    delays.forEach((d, i) => {
      const ceiling = 4 * 2 ** i;
      expect(d).toBeGreaterThanOrEqual(ceiling / 2);
      expect(d).toBeLessThanOrEqual(ceiling);
    });
  });
});
