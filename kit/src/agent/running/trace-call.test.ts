import { describe, expect, it } from 'vitest';
import { resumeReplies, traceInput } from './trace-call.js';

describe('traceInput', () => {
  it('is the user message when the call carries one', () => {
    expect(traceInput({ message: 'hello' })).toBe('hello');
  });

  it('says continuation, never a resume, when the server goes on with a lapsed turn', () => {
    expect(traceInput('continuation')).toBe('[continuation]');
  });

  it('names every reply of a resume, declines included, when the call resumes', () => {
    const input = {
      resume: {
        restart: [{ ref: 'c1', name: 'transfer' }],
        respond: [{ ref: 'c2', name: 'ask', output: 'yes' }],
        decline: [{ ref: 'c3', name: 'charge', reason: 'too much' }],
      },
    };
    expect(traceInput(input)).toBe('[resume] restart transfer#c1, respond ask#c2, decline charge#c3');
  });
});

describe('resumeReplies', () => {
  it('lists nothing when a resume has no replies', () => {
    expect(resumeReplies({})).toEqual([]);
  });
});
