import { describe, expect, it } from 'vitest';
import { CallRequestSchema, type WireRequest } from './call-request.js';
import { PAYLOAD_LIMITS } from './payload-limits.js';

const issues = (data: unknown) => {
  const parsed = CallRequestSchema.safeParse(data);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('CallRequestSchema', () => {
  it('accepts every request a client can build when it is a WireRequest', () => {
    const requests: WireRequest[] = [
      { message: 'hi' },
      { sessionId: 's1', message: [{ text: 'hi' }, { data: { a: 1 } }], requestId: 'r-1' },
      { sessionId: 's1', resume: { decline: [{ ref: 't1', name: 'confirm', reason: 'no' }] } },
    ];
    for (const request of requests) expect(issues(request)).toEqual([]);
  });

  it('refuses a request when it carries both message and resume', () => {
    expect(
      issues({ sessionId: 's1', message: 'hi', resume: { respond: [{ ref: 't', name: 'n', output: 1 }] } }),
    ).toEqual(['resume: a call carries message or resume, not both']);
  });

  it('refuses a resume when it has no sessionId', () => {
    expect(issues({ resume: { restart: [{ ref: 't', name: 'n' }] } })).toEqual([
      'sessionId: resume needs the sessionId of the interrupted turn',
    ]);
  });

  it('refuses an id when it could name a reserved Firestore document', () => {
    expect(issues({ sessionId: '__x__', message: 'hi' })).toEqual(['sessionId: must not be of the form __name__']);
  });

  it('refuses a decline reason when it is over the limit', () => {
    const reason = 'x'.repeat(PAYLOAD_LIMITS.reasonChars + 1);
    expect(issues({ sessionId: 's', resume: { decline: [{ ref: 't', name: 'n', reason }] } })).toEqual([
      `resume.decline.0.reason: must be at most ${PAYLOAD_LIMITS.reasonChars} characters`,
    ]);
  });

  it('takes an inputDigest on every reply and refuses one that is empty or over the id limit', () => {
    const inputDigest = 'd'.repeat(43);
    const replies = {
      restart: [{ ref: 't1', name: 'n', inputDigest }],
      respond: [{ ref: 't2', name: 'n', output: 1, inputDigest }],
      decline: [{ ref: 't3', name: 'n', inputDigest }],
    };
    expect(issues({ sessionId: 's', resume: replies })).toEqual([]);
    const long = 'd'.repeat(PAYLOAD_LIMITS.idChars + 1);
    expect(issues({ sessionId: 's', resume: { restart: [{ ref: 't', name: 'n', inputDigest: long }] } })).toEqual([
      `resume.restart.0.inputDigest: must be at most ${PAYLOAD_LIMITS.idChars} characters`,
    ]);
    expect(issues({ sessionId: 's', resume: { restart: [{ ref: 't', name: 'n', inputDigest: '' }] } })).toHaveLength(1);
  });
});
