import { describe, expect, it } from 'vitest';
import { KitError } from '../../errors/index.js';
import { restErrorOf } from '../../firestore/rest-error.js';
import { fromFirestoreError } from './firestore-error.js';

/** An error as @google-cloud/firestore throws it: a gRPC code and the backend's own words. */
const grpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

describe('fromFirestoreError', () => {
  it.each([
    [14, 'unavailable', 'STORE_UNAVAILABLE'],
    [4, 'deadline-exceeded', 'STORE_UNAVAILABLE'],
    [8, 'resource-exhausted', 'STORE_UNAVAILABLE'],
    [10, 'aborted', 'SESSION_BUSY'],
    [7, 'internal', 'SERVER_MISCONFIGURED'],
    [16, 'internal', 'SERVER_MISCONFIGURED'],
    [9, 'internal', 'SERVER_MISCONFIGURED'],
    [3, 'internal', 'SERVER_MISCONFIGURED'],
    [13, 'internal', 'INTERNAL'],
  ])('maps gRPC code %i to %s with reason %s', (grpc, code, reason) => {
    expect(fromFirestoreError(grpcError(grpc, 'x'), 'writing session s1')).toMatchObject({ code, reason });
  });

  it('keeps Firestore’s words (project, paths, hosts) out of the message and in the cause', () => {
    const cause = grpcError(7, 'Missing permissions on projects/acme-prod-42/databases/(default) from 10.2.3.4');
    const error = fromFirestoreError(cause, 'writing session s1');
    expect(error.message).toBe('writing session s1 failed (Firestore PERMISSION_DENIED)');
    expect(error.cause).toBe(cause);
  });

  it('calls a failure with no gRPC code a store outage', () => {
    expect(fromFirestoreError(new TypeError('fetch failed'), 'reading')).toMatchObject({
      code: 'unavailable',
      reason: 'STORE_UNAVAILABLE',
    });
  });

  it('passes a kit error through unchanged', () => {
    const kit = new KitError('aborted', 'conflict');
    expect(fromFirestoreError(kit, 'writing')).toBe(kit);
  });

  it('maps the REST client’s error as the SDK’s error with the same status', () => {
    const rest = restErrorOf(409, JSON.stringify({ error: { status: 'ALREADY_EXISTS', message: 'x' } }));
    expect(fromFirestoreError(rest, 'creating session s1')).toMatchObject({ code: 'already-exists' });
    expect(fromFirestoreError(restErrorOf(503, ''), 'x')).toMatchObject({
      code: 'unavailable',
      reason: 'STORE_UNAVAILABLE',
    });
  });
});
