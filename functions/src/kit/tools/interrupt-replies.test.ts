import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolRequestPart } from '../model/index.js';
import { restartInterrupt } from './interrupt-replies.js';

const interrupt: ToolRequestPart = {
  toolRequest: { name: 'transfer', ref: 'r9', input: { amount: 100 } },
  metadata: { interrupt: { reason: 'confirm' }, trace: 't1' },
};

describe('restartInterrupt', () => {
  it('keeps the ref, drops the interrupt stamp and marks the call resumed', () => {
    expect(restartInterrupt('transfer', undefined, interrupt, undefined, undefined)).toEqual({
      toolRequest: { name: 'transfer', ref: 'r9', input: { amount: 100 } },
      metadata: { trace: 't1', resumed: true },
    });
  });

  it('replaces the input and remembers the original when replaceInput is given', () => {
    const schema = z.object({ amount: z.number().max(500) });
    expect(restartInterrupt('transfer', schema, interrupt, { by: 'ann' }, { amount: 50 })).toEqual({
      toolRequest: { name: 'transfer', ref: 'r9', input: { amount: 50 } },
      metadata: { trace: 't1', replacedInput: { amount: 100 }, resumed: { by: 'ann' } },
    });
  });

  it('rejects a replacement input that breaks the input schema', () => {
    const schema = z.object({ amount: z.number().max(500) });
    expect(() => restartInterrupt('transfer', schema, interrupt, undefined, { amount: 5000 })).toThrow(/amount/);
  });
});
