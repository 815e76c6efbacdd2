import { CallResultSchema } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { toCallResult } from './to-call-result.js';

describe('toCallResult', () => {
  it('fills in null output and zero usage when the turn had none', () => {
    const wire = toCallResult({
      sessionId: 's1',
      status: 'done',
      finishReason: 'stop',
      text: 'Done.',
      interrupts: [],
      usage: {},
    });
    expect(wire).toEqual({
      sessionId: 's1',
      status: 'done',
      finishReason: 'stop',
      text: 'Done.',
      output: null,
      interrupts: [],
      usage: { inputTokens: 0, outputTokens: 0 },
    });
    expect(CallResultSchema.parse(wire)).toEqual(wire);
  });

  it('keeps only the promised usage keys and the interrupts when the turn is interrupted', () => {
    const wire = toCallResult({
      sessionId: 's2',
      status: 'interrupted',
      finishReason: 'interrupted',
      finishMessage: 'waiting',
      text: '',
      interrupts: [{ ref: 'r', name: 'cancelOrder', input: { orderId: 'A' }, metadata: { ask: 'sure?' } }],
      usage: { inputTokens: 10, outputTokens: 3, totalTokens: 13, custom: { x: 1 } },
    });
    expect(wire.usage).toEqual({ inputTokens: 10, outputTokens: 3 });
    expect(wire.finishMessage).toBe('waiting');
    expect(wire.interrupts).toEqual([
      { ref: 'r', name: 'cancelOrder', input: { orderId: 'A' }, metadata: { ask: 'sure?' } },
    ]);
  });
});

describe('toCallResult presented', () => {
  it('carries the input as the tool presented it when the interrupt has a presentation', () => {
    const presented = { fields: [{ label: 'Order', value: 'A', source: 'model' as const }] };
    const wire = toCallResult({
      sessionId: 's3',
      status: 'interrupted',
      finishReason: 'interrupted',
      text: '',
      interrupts: [{ ref: 'r', name: 'cancelOrder', input: { orderId: 'A' }, metadata: true, presented }],
      usage: {},
    });
    expect(wire.interrupts[0]?.presented).toEqual(presented);
  });
});
