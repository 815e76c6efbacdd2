import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolRequestPart } from '../model/index.js';
import { defineInterrupt } from './define-interrupt.js';

const interruptOf = (name: string, input: unknown): ToolRequestPart => ({
  toolRequest: { name, ref: 'r1', input },
  metadata: { interrupt: true },
});

describe('defineInterrupt', () => {
  const approve = defineInterrupt({
    name: 'approve',
    description: 'Asks the user to approve an amount.',
    inputSchema: z.object({ amount: z.number() }),
    outputSchema: z.object({ approved: z.boolean() }),
    requestMetadata: (input) => ({ prompt: `Approve ${input.amount}?` }),
  });

  it('always interrupts with the metadata made from its input', async () => {
    await expect(approve.run({ amount: 5 }, { ref: 'r' })).rejects.toMatchObject({
      name: 'ToolInterruptError',
      metadata: { prompt: 'Approve 5?' },
    });
  });

  it('interrupts with fixed metadata when it is given as an object', async () => {
    const ask = defineInterrupt({ name: 'ask', description: 'd', requestMetadata: { kind: 'question' } });
    await expect(ask.run(undefined, { ref: 'r' })).rejects.toMatchObject({ metadata: { kind: 'question' } });
  });

  it('marks its definition as an interrupt and cannot be restarted', () => {
    expect(approve.definition.metadata).toEqual({ interrupt: true });
    expect(approve.restartable).toBe(false);
  });

  it('builds a response that echoes the ref when responded to', () => {
    expect(approve.respond(interruptOf('approve', { amount: 5 }), { approved: true })).toEqual({
      toolResponse: { name: 'approve', ref: 'r1', output: { approved: true } },
      metadata: { interruptResponse: true },
    });
  });
});
