import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { generate } from '../generate/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { registerTracing } from './register-tracing.js';

afterEach(() => {
  trace.disable();
  context.disable();
});

describe('registerTracing', () => {
  it('sends the kit’s spans to the given exporter when registered', async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = await registerTracing({ exporter, processor: 'simple' });
    await generate({ model: scriptedModel(['hi'], { name: 'googleai/gemini-2.5-flash' }), prompt: 'x' });
    await tracing.forceFlush();
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['chat googleai/gemini-2.5-flash', 'round 0']);
    await tracing.shutdown();
  });
});
