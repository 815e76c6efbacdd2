import { describe, expect, it } from 'vitest';
import type { Message } from '../../model/index.js';
import type { Session } from '../session-schema.js';
import { sampleSession } from '../test-utils/session-store-conformance.js';
import { runningTurnField } from './running-turn-field.js';

const user: Message = { role: 'user', content: [{ text: 'cancel A-1001' }] };
const asks = (metadata?: Record<string, unknown>): Message => ({
  role: 'model',
  content: [
    { text: 'Let me look.' },
    { toolRequest: { name: 'queryOrder', ref: '0.0', input: {} } },
    { toolRequest: { name: 'cancelOrder', ref: '0.1', input: {} }, ...(metadata ? { metadata } : {}) },
  ],
});

function running(history: Message[], kind: 'message' | 'resume' = 'message', requestId?: string): Session {
  return {
    ...sampleSession('s1', history),
    status: 'running',
    lease: { id: 'l1', expiresAt: 2_000_000_000_000 },
    turn: { seq: 0, kind, start: 0, startedAt: 1_700_000_000_500, ...(requestId ? { requestId } : {}) },
  };
}

describe('runningTurnField', () => {
  it('says the model is called when the journal last wrote the user message', () => {
    expect(runningTurnField(running([user], 'message', 'r-1'))).toEqual({ step: 'model', refs: [] });
  });

  it('names the calls that run when the journal last wrote a model message asking for tools', () => {
    const field = runningTurnField(running([user, asks()]));
    expect(field).toEqual({ step: 'tools', refs: ['0.0', '0.1'] });
  });

  it('leaves out calls with a recorded result and calls that wait for a person when a round is part done', () => {
    const history = [user, asks({ pendingOutput: { cancelled: true } })];
    expect(runningTurnField(running(history))).toMatchObject({ step: 'tools', refs: ['0.0'] });
    const waiting = [user, asks({ interrupt: true })];
    expect(runningTurnField(running(waiting))).toMatchObject({ step: 'tools', refs: ['0.0'] });
  });

  it('counts an approved call as running when a resume runs it', () => {
    const approved = [user, asks({ resumed: true, resolvedInterrupt: true, answer: 'restart' })];
    const field = runningTurnField(running(approved, 'resume'));
    expect(field).toEqual({ step: 'tools', refs: ['0.0', '0.1'] });
  });

  it('is null when no turn holds the lease', () => {
    const { lease: _lease, ...released } = running([user, asks({ interrupt: true })]);
    expect(runningTurnField({ ...released, status: 'interrupted' })).toBeNull();
    expect(runningTurnField(sampleSession('s1', [user]))).toBeNull();
  });
});
