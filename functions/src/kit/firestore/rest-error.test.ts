import { describe, expect, it } from 'vitest';
import { restErrorOf } from './rest-error.js';

describe('restErrorOf', () => {
  it('takes the gRPC code from the status name of a JSON error', () => {
    const error = restErrorOf(
      400,
      JSON.stringify({ error: { code: 400, status: 'FAILED_PRECONDITION', message: 'x' } }),
    );
    expect(error.code).toBe(9);
    expect(error.message).toBe('FAILED_PRECONDITION: x');
  });

  it('reads the error of a batchGet, which comes as an array', () => {
    expect(restErrorOf(409, JSON.stringify([{ error: { status: 'ABORTED', message: 'contention' } }])).code).toBe(10);
  });

  it('falls back to the HTTP status when the body is not JSON', () => {
    expect(restErrorOf(503, '<html>busy</html>').code).toBe(14);
    expect(restErrorOf(429, '').code).toBe(8);
    expect(restErrorOf(502, '').code).toBe(14);
  });
});
