import { describe, expect, it } from 'vitest';
import { generate } from '../generate/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { benchProtocolReply } from '../test-utils/bench-protocol-reply.js';
import { testTools } from '../test-utils/protocol-tools.js';
import { defineTool } from '../tools/index.js';
import { recordTurn } from './record-turn.js';
import { TurnTraceSchema } from './turn-trace.js';

describe('recordTurn', () => {
  it('records each model call and tool call with its outcome when a turn interrupts', async () => {
    const { lookup, guarded } = testTools();
    const recorder = recordTurn({ flow: 'demo', input: 'script: lookup*2 > guarded*1', uid: 'u1' });
    const result = await generate({
      model: scriptedModel(benchProtocolReply),
      prompt: 'script: lookup*2 > guarded*1',
      tools: [lookup, guarded],
      observer: recorder.observer,
    });
    const trace = TurnTraceSchema.parse(recorder.finish({ result, sessionId: 's1' }));
    expect(trace).toMatchObject({
      flow: 'demo',
      sessionId: 's1',
      uid: 'u1',
      status: 'interrupted',
      finishReason: 'interrupted',
      rounds: 2,
    });
    expect(trace.steps.map((s) => `${s.kind}:${'name' in s ? s.name : s.model}:${s.outcome}`)).toEqual([
      'model:scripted:ok',
      'tool:lookup:ok',
      'tool:lookup:ok',
      'model:scripted:ok',
      'tool:guarded:interrupt',
    ]);
  });

  it('records a failed turn with its error code and a failing tool with its message', async () => {
    const broken = defineTool({ name: 'broken', description: 'd', onError: 'throw' }, () => {
      throw new Error('boom');
    });
    const recorder = recordTurn({ flow: 'demo', input: 'x' });
    const error = await generate({
      model: scriptedModel(benchProtocolReply),
      prompt: 'script: broken*1',
      tools: [broken],
      observer: recorder.observer,
    }).catch((e: unknown) => e);
    const trace = recorder.finish({ error });
    expect(trace.status).toBe('failed');
    expect(trace.errorCode).toBe('internal');
    expect(trace.steps.at(-1)).toMatchObject({ kind: 'tool', outcome: 'error', error: 'boom' });
  });

  it('keeps secrets out of the input and error text', () => {
    process.env.TEST_PLANTED_API_KEY = 'planted-secret-value-123';
    try {
      const recorder = recordTurn({
        flow: 'demo',
        input: 'my key is planted-secret-value-123 and AIzaSyA1234567890abcdefghijklmnopqrstuv',
      });
      const trace = recorder.finish({});
      expect(JSON.stringify(trace)).not.toContain('planted-secret-value-123');
      expect(JSON.stringify(trace)).not.toContain('AIzaSy');
      expect(trace.input).toContain('[redacted]');
    } finally {
      delete process.env.TEST_PLANTED_API_KEY;
    }
  });

  it('truncates the input', () => {
    const trace = recordTurn({ flow: 'demo', input: 'x'.repeat(1000), maxInputChars: 10 }).finish({});
    expect(trace.input).toBe('x'.repeat(10));
  });
});
