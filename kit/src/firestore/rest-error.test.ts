import { describe, expect, it } from 'vitest';
import { restErrorOf, restErrorOfJson } from './rest-error.js';

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
    expect(restErrorOf(401, 'no').code).toBe(16);
  });

  it('describes a body that is not JSON by its type and size, echoing none of it', () => {
    const error = restErrorOf(502, '<h1>order 1234, card 4242</h1>', 'text/html; charset=UTF-8');
    expect(error.message).toBe("HTTP 502: an answer that is not Firestore's (text/html, 30 bytes)");
  });

  it('keeps none of what Firestore quotes back from a payload it refused', () => {
    const error = restErrorOf(
      400,
      JSON.stringify({
        error: {
          code: 400,
          status: 'INVALID_ARGUMENT',
          message: `Invalid value at 'writes[0].update.fields[0].value.integer_value' (TYPE_INT64), "card 4242"`,
        },
      }),
    );
    expect(error.code).toBe(3);
    expect(error.message).not.toContain('4242');
    expect(error.message).toContain("Invalid value at 'writes[0].update.fields[0].value.integer_value'");
  });

  it('takes the code from the HTTP status a JSON error names when it has no status name', () => {
    expect(restErrorOfJson({ code: 429, message: 'slow down' }, 200).code).toBe(8);
    expect(restErrorOfJson({ status: 'NOT_A_STATUS' }, 503).code).toBe(14);
  });
});
