import { describe, expect, it } from 'vitest';
import type { ToolRequestPart } from '../model/index.js';
import { respondToInterrupt, restartInterrupt } from './interrupt-replies.js';

const interrupt: ToolRequestPart = {
  toolRequest: { name: 'transfer', ref: 'r9', input: { amount: 100 } },
  metadata: { interrupt: { reason: 'confirm' }, trace: 't1' },
};

describe('restartInterrupt', () => {
  it('keeps the ref, drops the interrupt stamp and marks the call resumed', () => {
    expect(restartInterrupt('transfer', interrupt, undefined, undefined)).toEqual({
      toolRequest: { name: 'transfer', ref: 'r9', input: { amount: 100 } },
      metadata: { trace: 't1', resumed: true },
    });
  });

  it('replaces the input and remembers the original when replaceInput is given', () => {
    expect(restartInterrupt('transfer', interrupt, { by: 'ann' }, { amount: 50 })).toEqual({
      toolRequest: { name: 'transfer', ref: 'r9', input: { amount: 50 } },
      metadata: { trace: 't1', replacedInput: { amount: 100 }, resumed: { by: 'ann' } },
    });
  });

  it('names the restarting tool, so admission refuses it when the call is another tool’s', () => {
    expect(restartInterrupt('refund', interrupt, undefined, undefined).toolRequest.name).toBe('refund');
  });
});

describe('respondToInterrupt', () => {
  it('builds an unchecked response that echoes the ref, for admission to check', () => {
    expect(respondToInterrupt('transfer', interrupt, { ok: 'maybe' })).toEqual({
      toolResponse: { name: 'transfer', ref: 'r9', output: { ok: 'maybe' } },
      metadata: { interruptResponse: true },
    });
  });
});
