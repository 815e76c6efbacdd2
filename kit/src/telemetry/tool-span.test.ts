import { SpanStatusCode } from '@opentelemetry/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordSpans, type SpanRecorder } from './test-utils/span-recorder.js';
import { startToolSpan, toolSpanName, traceToolCall } from './tool-span.js';

// One SDK for the file: the kit's tracer is got once per process.
let recorder: SpanRecorder;
beforeAll(() => {
  recorder = recordSpans();
});
beforeEach(() => recorder.reset());
afterAll(async () => {
  await recorder.stop();
});

const isInterrupt = (error: unknown) => error instanceof Error && error.message === 'interrupt';
const call = { name: 'lookup', ref: 'r1', resumed: false, input: { id: 1 } };

/** The call's span, as the tool starts it (an SDK records here, so there is one). */
function toolSpan() {
  const started = startToolSpan(toolSpanName(call.name));
  if (!started) throw new Error('no span: the recorder is not registered');
  return started;
}

describe('traceToolCall', () => {
  it('runs the call in an execute_tool span named after the tool', async () => {
    await traceToolCall(toolSpan(), call, isInterrupt, async () => ({ output: 2 }));
    const [span] = recorder.spans();
    expect(span?.name).toBe('execute_tool lookup');
    expect(span?.attributes).toMatchObject({ 'gen_ai.tool.name': 'lookup', 'gen_ai.tool.call.id': 'r1' });
    expect(span?.attributes).not.toHaveProperty('gen_ai.tool.call.arguments');
  });

  it('records an interrupt as an event on an unfailed span', async () => {
    await expect(
      traceToolCall(toolSpan(), call, isInterrupt, async () => {
        throw new Error('interrupt');
      }),
    ).rejects.toThrow('interrupt');
    const [span] = recorder.spans();
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
    expect(span?.attributes['callable_flows.tool.interrupted']).toBe(true);
    expect(span?.events.map((e) => e.name)).toEqual(['interrupt']);
  });

  it('fails the span when the call fails', async () => {
    await expect(
      traceToolCall(toolSpan(), call, isInterrupt, async () => {
        throw new Error('broken');
      }),
    ).rejects.toThrow('broken');
    expect(recorder.spans()[0]?.status.code).toBe(SpanStatusCode.ERROR);
  });
});
