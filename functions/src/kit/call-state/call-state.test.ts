import { describe, expect, it } from 'vitest';
import type { ToolRequestPart } from '../model/index.js';
import { stampAnswer, stampApproved, stampInterrupt, stampPendingOutput } from './call-stamps.js';
import { answerOf, CallStateSchema, callStateOf, isWaiting } from './call-state.js';

const request = (ref: string): ToolRequestPart => ({ toolRequest: { name: 'transfer', ref, input: { cents: 5 } } });
const asked = stampInterrupt(request('t'), { question: 'send?' });
const response = (output: unknown, metadata?: Record<string, unknown>) => ({
  toolResponse: { name: 'transfer', ref: 't', output },
  ...(metadata ? { metadata } : {}),
});

describe('callStateOf', () => {
  it('reads every kind a stored call can be in, each a member of the schema, when the stamps say so', () => {
    const approved = stampApproved(asked, {
      toolRequest: request('t').toolRequest,
      metadata: { resumed: { by: 'ann' } },
    });
    const states = {
      open: request('t'),
      waiting: asked,
      approved,
      answered: stampAnswer(asked, response({ ok: true }, { interruptResponse: true })),
      declined: stampAnswer(
        asked,
        response({ declined: true }, { interruptResponse: true, declined: { reason: 'no' } }),
      ),
      done: stampPendingOutput(request('t'), response(7)),
    };
    for (const [kind, part] of Object.entries(states)) {
      const state = callStateOf(part);
      expect(state.kind).toBe(kind);
      expect(CallStateSchema.parse(state)).toEqual(state);
    }
    expect(callStateOf(approved)).toEqual({ kind: 'approved', asked: { question: 'send?' }, resumed: { by: 'ann' } });
  });

  it('says an approved call that ran is done and was approved when its result is recorded', () => {
    const approved = stampApproved(asked, { toolRequest: request('t').toolRequest });
    const ran = stampPendingOutput(approved, response({ sent: true }));
    expect(callStateOf(ran)).toEqual({ kind: 'done', approved: true, output: { sent: true } });
    expect(answerOf(callStateOf(ran))).toBe('restart');
  });
});

describe('isWaiting', () => {
  it('is true only while the call waits for a person', () => {
    expect(isWaiting(asked)).toBe(true);
    expect(isWaiting(stampAnswer(asked, response(1)))).toBe(false);
    expect(isWaiting(request('t'))).toBe(false);
  });
});
