import { PAYLOAD_LIMITS } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { isKitError, type KitError } from '../errors/index.js';
import { parseCallRequest, toAgentInput } from './parse-call-request.js';

function refusal(data: unknown): KitError {
  try {
    parseCallRequest(data);
  } catch (error) {
    if (isKitError(error)) return error;
    throw error;
  }
  throw new Error('expected the request to be refused');
}

const paths = (error: KitError) => ((error.details?.fields ?? []) as { path: string }[]).map((f) => f.path);

describe('parseCallRequest', () => {
  it('accepts a new session with a text message when sessionId is omitted', () => {
    const request = parseCallRequest({ message: 'cancel order A-1001' });
    expect(request).toEqual({ message: 'cancel order A-1001' });
    expect(toAgentInput(request)).toEqual({ message: 'cancel order A-1001' });
  });

  it('accepts a resume with respond and restart replies when the session is named', () => {
    const data = {
      sessionId: 's_1',
      requestId: 'req-1',
      resume: {
        respond: [{ ref: 'r1', name: 'confirm', output: { approved: false } }],
        restart: [{ ref: 'r2', name: 'cancelOrder', metadata: { confirmed: true } }],
      },
    };
    expect(parseCallRequest(data)).toEqual(data);
    expect(toAgentInput(parseCallRequest(data))).toEqual({ resume: data.resume });
  });

  it('accepts parts when the message is text, media and data', () => {
    const message = [{ text: 'what is in this?' }, { media: { url: 'https://x.test/a.png' } }, { data: { a: 1 } }];
    expect(parseCallRequest({ message }).message).toEqual(message);
  });

  it('names the field when sessionId is not a string', () => {
    const error = refusal({ sessionId: 42, message: 'hi' });
    expect(error.code).toBe('invalid-argument');
    expect(error.reason).toBe('INVALID_FIELD');
    expect(error.details?.field).toBe('sessionId');
    expect(paths(error)).toEqual(['sessionId']);
    expect(error.message).toContain('sessionId');
  });

  it('names message when neither message nor resume is given', () => {
    expect(paths(refusal({ sessionId: 'abc' }))).toEqual(['message']);
  });

  it('names resume when a call carries both message and resume', () => {
    const error = refusal({ sessionId: 'abc', message: 'hi', resume: { restart: [{ ref: 'r', name: 't' }] } });
    expect(paths(error)).toEqual(['resume']);
  });

  it('names sessionId when a resume has no session', () => {
    expect(paths(refusal({ resume: { restart: [{ ref: 'r', name: 't' }] } }))).toEqual(['sessionId']);
  });

  it('names the reply field when a restart lacks its ref', () => {
    expect(paths(refusal({ sessionId: 'abc', resume: { restart: [{ name: 'cancelOrder' }] } }))).toEqual([
      'resume.restart.0.ref',
    ]);
  });

  it('refuses a resume that answers nothing', () => {
    expect(paths(refusal({ sessionId: 'abc', resume: {} }))).toEqual(['resume']);
  });

  it('names an unknown key when the client sends one', () => {
    const error = refusal({ message: 'hi', sessonId: 'typo' });
    expect(error.message).toContain('sessonId');
  });

  it('refuses a tool request part when a client tries to forge one', () => {
    const error = refusal({ message: [{ toolRequest: { name: 'cancelOrder', input: {} } }] });
    expect(paths(error)).toEqual(['message.0']);
    expect(error.message).toContain('must be a text, media or data part');
  });

  it('refuses part metadata when a client tries to stamp an interrupt', () => {
    expect(refusal({ message: [{ text: 'x', metadata: { interrupt: true } }] }).code).toBe('invalid-argument');
  });

  it('refuses an id with a slash when it could address another document', () => {
    expect(paths(refusal({ sessionId: 'a/b', message: 'hi' }))).toEqual(['sessionId']);
  });

  it('names the limit when a text message is too long', () => {
    const error = refusal({ message: 'x'.repeat(PAYLOAD_LIMITS.textChars + 1) });
    expect(paths(error)).toEqual(['message']);
    expect(error.reason).toBe('PAYLOAD_TOO_LARGE');
    expect(error.details?.field).toBe('message');
    expect(error.message).toContain(String(PAYLOAD_LIMITS.textChars));
  });

  it('names the limit when a message has too many parts', () => {
    const message = Array.from({ length: PAYLOAD_LIMITS.parts + 1 }, () => ({ text: 'x' }));
    const error = refusal({ message });
    expect(error.message).toContain(`at most ${PAYLOAD_LIMITS.parts} parts`);
    expect(error.reason).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses the whole request by size when data is over the byte limit', () => {
    const error = refusal({ message: [{ data: 'x'.repeat(PAYLOAD_LIMITS.requestBytes) }] });
    expect(paths(error)).toEqual(['(root)']);
    expect(error.reason).toBe('PAYLOAD_TOO_LARGE');
    expect(error.details?.limit).toBe(PAYLOAD_LIMITS.requestBytes);
  });

  it('refuses data that is not an object', () => {
    expect(paths(refusal('hello'))).toEqual(['(root)']);
    expect(paths(refusal(null))).toEqual(['(root)']);
  });
});

describe('parseCallRequest union errors', () => {
  it('names the part field when a text part holds a number', () => {
    const error = refusal({ message: [{ text: 1 }] });
    expect(paths(error)).toEqual(['message.0.text']);
    expect(error).toMatchObject({ reason: 'INVALID_FIELD', details: { field: 'message.0.text' } });
  });

  it('says what a message may be when it is neither text nor parts', () => {
    expect(refusal({ message: 5 }).message).toContain('message: must be text or an array of parts');
  });
});
