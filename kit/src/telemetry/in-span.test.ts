import { SpanStatusCode } from '@opentelemetry/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KitError } from '../errors/index.js';
import { inSpan } from './in-span.js';
import { recordSpans, type SpanRecorder } from './test-utils/span-recorder.js';

// One SDK for the file: the kit's tracer is got once per process.
let recorder: SpanRecorder;
beforeAll(() => {
  recorder = recordSpans();
});
beforeEach(() => recorder.reset());
afterAll(async () => {
  await recorder.stop();
});

describe('inSpan', () => {
  it('runs the work in a child span that ends with it, with its attributes, when an SDK records', async () => {
    const result = await inSpan('outer', {}, () =>
      inSpan('inner', { attributes: () => ({ 'k.v': 1 }) }, async () => 'done'),
    );
    expect(result).toBe('done');
    expect(recorder.tree()).toEqual(['outer', '  inner']);
    expect(recorder.spans().find((s) => s.name === 'inner')?.attributes).toEqual({ 'k.v': 1 });
  });

  it('marks the span failed with the kit code and reason when the work throws', async () => {
    const failing = inSpan('call', {}, async () => {
      throw new KitError('unavailable', 'store down', { reason: 'STORE_UNAVAILABLE' });
    });
    await expect(failing).rejects.toThrow('store down');
    const [span] = recorder.spans();
    expect(span?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'store down' });
    expect(span?.attributes).toMatchObject({
      'error.type': 'unavailable',
      'callable_flows.error.reason': 'STORE_UNAVAILABLE',
    });
  });

  it('leaves the span unfailed when the options say the error is no failure', async () => {
    const interrupted = inSpan('tool', { isFailure: () => false }, async () => {
      throw new Error('interrupt');
    });
    await expect(interrupted).rejects.toThrow('interrupt');
    expect(recorder.spans()[0]?.status.code).toBe(SpanStatusCode.UNSET);
  });
});
