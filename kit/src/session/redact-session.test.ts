import { describe, expect, it } from 'vitest';
import type { Message } from '../model/index.js';
import { redactSession } from './redact-session.js';
import { sampleSession } from './test-utils/session-store-conformance.js';

const KEY = 'AIzaSyA1234567890abcdefghijklmnopqrstuv';

describe('redactSession', () => {
  it('takes keys out of what a write adds and leaves stored messages as they are', () => {
    const stored: Message = { role: 'user', content: [{ text: 'earlier' }] };
    const before = sampleSession('s1', [stored]);
    const leaked: Message = {
      role: 'tool',
      content: [{ toolResponse: { name: 't', ref: 'r', output: { error: `GET ?key=${KEY}` } } }],
    };
    const next = { ...before, history: [stored, leaked], error: { code: 'internal', message: `bad key ${KEY}` } };
    const cleaned = redactSession(before, next);
    expect(JSON.stringify(cleaned)).not.toContain(KEY);
    expect(cleaned.history[0]).toBe(stored);
  });

  it('keeps the new messages’ identity when they hold nothing to redact', () => {
    const before = sampleSession('s1', []);
    const next = { ...before, history: [{ role: 'user' as const, content: [{ text: 'hi' }] }] };
    expect(redactSession(before, next).history).toBe(next.history);
  });
});
