import { describe, expect, it } from 'vitest';
import type { StepEvent } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { benchProtocolReply } from '../test-utils/bench-protocol-reply.js';
import { testTools } from '../test-utils/protocol-tools.js';
import { defineTool } from '../tools/index.js';
import { generate } from './generate.js';

/** An event as one short line: its type and what it names. */
function line(event: StepEvent): string {
  if (event.type === 'model-started') return `model-started ${event.model}`;
  if (event.type === 'model-finished') return `model-finished ${event.outcome} ${event.finishReason ?? ''}`.trim();
  if (event.type === 'round-settled')
    return `round-settled ${event.toolCalls}${event.interrupted ? ' interrupted' : ''}`;
  return `${event.type} ${event.name}${event.type === 'tool-finished' ? ` ${event.outcome}` : ''}`;
}

describe('generate observer', () => {
  it('tells its observer each model call, tool call and settled round in order when a turn interrupts', async () => {
    const { lookup, guarded } = testTools();
    const events: StepEvent[] = [];
    const result = await generate({
      model: scriptedModel(benchProtocolReply),
      prompt: 'script: lookup*1 > guarded*1',
      tools: [lookup, guarded],
      observer: (event) => events.push(event),
    });
    expect(result.finishReason).toBe('interrupted');
    expect(events.map(line)).toEqual([
      'model-started scripted',
      'model-finished ok stop',
      'tool-started lookup',
      'tool-finished lookup ok',
      'round-settled 1',
      'model-started scripted',
      'model-finished ok stop',
      'tool-started guarded',
      'tool-finished guarded interrupt',
      'round-settled 1 interrupted',
    ]);
    const finished = events.find((e) => e.type === 'model-finished');
    expect(finished).toMatchObject({ model: 'scripted', toolRequests: 1 });
    expect(finished?.type === 'model-finished' && finished.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('tells its observer a failed tool call with its error before the turn fails', async () => {
    const broken = defineTool({ name: 'broken', description: 'd', onError: 'throw' }, () => {
      throw new Error('boom');
    });
    const events: StepEvent[] = [];
    const failure = await generate({
      model: scriptedModel(benchProtocolReply),
      prompt: 'script: broken*1',
      tools: [broken],
      observer: (event) => events.push(event),
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    const last = events.at(-1);
    expect(last).toMatchObject({ type: 'tool-finished', name: 'broken', outcome: 'error' });
    expect(last?.type === 'tool-finished' && (last.error as Error).message).toBe('boom');
  });

  it('tells its observer a model call that failed, with the model called, when the model throws', async () => {
    const events: StepEvent[] = [];
    const model = scriptedModel(() => {
      throw new Error('model down');
    });
    await generate({ model, prompt: 'hi', observer: (event) => events.push(event) }).catch(() => undefined);
    expect(events.map(line)).toEqual(['model-started scripted', 'model-finished error']);
    expect(events[1]).toMatchObject({ model: 'scripted', outcome: 'error' });
  });
});
