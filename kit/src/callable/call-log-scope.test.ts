import { describe, expect, it } from 'vitest';
import { KitError } from '../errors/index.js';
import { callLogScope } from './call-log-scope.js';

const request = { auth: { uid: 'u1' }, data: { sessionId: 'asked', requestId: 'r1', message: 'hi' } };

describe('callLogScope', () => {
  it('names the function, the asked session, the request id and the caller when the call has not ended', () => {
    expect(callLogScope({ function: 'chat', request })).toEqual({
      function: 'chat',
      sessionId: 'asked',
      requestId: 'r1',
      uid: 'u1',
    });
  });

  it('names the session the error names when a first call failed in a new session', () => {
    const error = new KitError('unavailable', 'down', { details: { sessionId: 'created' } });
    const scope = callLogScope({ function: 'chat', request: { data: { message: 'hi' } }, error });
    expect(scope).toEqual({ function: 'chat', sessionId: 'created' });
  });

  it('names the session of the result when the call finished', () => {
    expect(callLogScope({ function: 'chat', request, result: { sessionId: 'done' } }).sessionId).toBe('done');
  });

  it('leaves out fields that are not plausible ids when the data is malformed', () => {
    const data = { sessionId: 'x'.repeat(500), requestId: 7 };
    expect(callLogScope({ function: 'chat', request: { data } })).toEqual({ function: 'chat' });
  });
});
