import { describe, expect, it } from 'vitest';
import {
  isStopRequest,
  isWithdrawRequest,
  StopRequestSchema,
  StopResultSchema,
  WithdrawRequestSchema,
} from './stop-request.js';

describe('StopRequestSchema', () => {
  it('accepts a stop of a named session with or without a request id when well formed', () => {
    expect(StopRequestSchema.safeParse({ sessionId: 's1', stop: true }).success).toBe(true);
    expect(StopRequestSchema.safeParse({ sessionId: 's1', stop: true, requestId: 'r1' }).success).toBe(true);
  });

  it('takes the client that asks as an id, and refuses an empty one', () => {
    expect(StopRequestSchema.safeParse({ sessionId: 's1', stop: true, clientId: 'tab-2' }).success).toBe(true);
    expect(StopRequestSchema.safeParse({ sessionId: 's1', stop: true, clientId: '' }).success).toBe(false);
  });

  it('refuses a stop without a session, with stop false, or carrying a message when malformed', () => {
    expect(StopRequestSchema.safeParse({ stop: true }).success).toBe(false);
    expect(StopRequestSchema.safeParse({ sessionId: 's1', stop: false }).success).toBe(false);
    expect(StopRequestSchema.safeParse({ sessionId: 's1', stop: true, message: 'hi' }).success).toBe(false);
  });
});

describe('isStopRequest', () => {
  it('tells a stop from a turn when the data has a stop field', () => {
    expect(isStopRequest({ sessionId: 's1', stop: true })).toBe(true);
    expect(isStopRequest({ sessionId: 's1', message: 'hi' })).toBe(false);
    expect(isStopRequest(null)).toBe(false);
  });
});

describe('StopResultSchema', () => {
  it('takes only stopping or stopped when parsed', () => {
    expect(StopResultSchema.safeParse({ sessionId: 's1', status: 'stopped' }).success).toBe(true);
    expect(StopResultSchema.safeParse({ sessionId: 's1', status: 'done' }).success).toBe(false);
  });
});

describe('WithdrawRequestSchema', () => {
  it('accepts a withdraw naming a session and a request id, and refuses one without either or with extra fields', () => {
    expect(WithdrawRequestSchema.safeParse({ sessionId: 's1', withdraw: 'r1' }).success).toBe(true);
    expect(WithdrawRequestSchema.safeParse({ withdraw: 'r1' }).success).toBe(false);
    expect(WithdrawRequestSchema.safeParse({ sessionId: 's1', withdraw: '' }).success).toBe(false);
    expect(WithdrawRequestSchema.safeParse({ sessionId: 's1', withdraw: 'r1', message: 'hi' }).success).toBe(false);
  });

  it('tells a withdraw from a turn or a stop when the data has a withdraw field', () => {
    expect(isWithdrawRequest({ sessionId: 's1', withdraw: 'r1' })).toBe(true);
    expect(isWithdrawRequest({ sessionId: 's1', stop: true })).toBe(false);
    expect(isWithdrawRequest(null)).toBe(false);
  });
});
