import { SpanStatusCode, trace } from '@opentelemetry/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordError } from './record-error.js';
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

describe('recordError', () => {
  it('records a foreign error as internal without its message, which may quote a secret', () => {
    const span = trace.getTracer('test').startSpan('call');
    recordError(span, new Error('GET https://x?key=secret failed'));
    span.end();
    const [ended] = recorder.spans();
    expect(ended?.attributes['error.type']).toBe('internal');
    expect(ended?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'unexpected error' });
    expect(JSON.stringify(ended?.events)).not.toContain('secret');
  });
});
