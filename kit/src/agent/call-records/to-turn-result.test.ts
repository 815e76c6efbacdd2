import { describe, expect, it } from 'vitest';
import { inputDigest, stampApproved } from '../../call-state/index.js';
import type { GenerateResult } from '../../generate/index.js';
import { toPendingInterrupt, toTurnResult } from './to-turn-result.js';

const interrupt = {
  toolRequest: { name: 'confirm', ref: 'c', input: { id: 1 } },
  metadata: { interrupt: { question: 'ok?' } },
};

describe('toPendingInterrupt', () => {
  it('gives the client the call’s ref, name, input and what it asked', () => {
    expect(toPendingInterrupt(interrupt)).toEqual({
      ref: 'c',
      name: 'confirm',
      input: { id: 1 },
      metadata: { question: 'ok?' },
      inputDigest: inputDigest({ id: 1 }),
    });
  });

  it('gives an answered call as it was asked: its input before a person’s edit, and that input’s digest', () => {
    const edited = {
      toolRequest: { ...interrupt.toolRequest, input: { id: 2 } },
      metadata: { replacedInput: { id: 1 } },
    };
    const approved = stampApproved(interrupt, edited);
    expect(toPendingInterrupt(approved)).toMatchObject({ input: { id: 1 }, inputDigest: inputDigest({ id: 1 }) });
  });

  it('says true when the interrupt told the person nothing usable', () => {
    const bare = { toolRequest: { name: 'confirm', input: {} }, metadata: { interrupt: 'text' } };
    expect(toPendingInterrupt(bare)).toMatchObject({ ref: '', metadata: true });
  });
});

describe('toTurnResult', () => {
  it('is interrupted with the interrupts when the generation stopped for a person', () => {
    const generated = {
      finishReason: 'interrupted',
      text: '',
      interrupts: [interrupt],
      messages: [],
      usage: { inputTokens: 3 },
    } as unknown as GenerateResult;
    expect(toTurnResult('s1', generated)).toEqual({
      sessionId: 's1',
      status: 'interrupted',
      finishReason: 'interrupted',
      text: '',
      interrupts: [toPendingInterrupt(interrupt)],
      usage: { inputTokens: 3 },
    });
  });

  it('is done with the output and the finish message when the generation has them', () => {
    const generated = {
      finishReason: 'length',
      finishMessage: 'MAX_TOKENS',
      text: 'partial',
      output: { a: 1 },
      interrupts: [],
      messages: [],
      usage: {},
    } as unknown as GenerateResult;
    expect(toTurnResult('s1', generated)).toMatchObject({
      status: 'done',
      finishMessage: 'MAX_TOKENS',
      output: { a: 1 },
    });
  });

  it("names the turn's approved calls whose tool failed, since its user message, not earlier turns'", () => {
    const failedResponse = (ref: string) => ({
      toolResponse: { name: 'book', ref, output: { error: `booking ${ref} exists` } },
      metadata: { toolError: { code: 'unknown', approved: true } },
    });
    const generated = {
      finishReason: 'stop',
      text: 'Sorry.',
      interrupts: [],
      usage: {},
      messages: [
        { role: 'tool', content: [failedResponse('old')] },
        { role: 'user', content: [{ text: 'book again' }] },
        { role: 'tool', content: [failedResponse('new')] },
        {
          role: 'tool',
          content: [
            {
              toolResponse: { name: 'find', ref: 'f', output: { error: 'down' } },
              metadata: { toolError: { code: 'unknown' } },
            },
          ],
        },
        { role: 'model', content: [{ text: 'Sorry.' }] },
      ],
    } as unknown as GenerateResult;
    expect(toTurnResult('s1', generated).failed).toEqual([{ ref: 'new', name: 'book', error: 'booking new exists' }]);
  });
});
