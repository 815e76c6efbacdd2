import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MetadataStandIn, startMetadataStandIn } from '../test-utils/metadata-stand-in.js';
import { FIRESTORE_SCOPES } from './firestore-service.js';
import { MetadataEndpoint, type MetadataEndpointOptions, RENEW_BEFORE_EXPIRY_MS } from './metadata-endpoint.js';
import type { RestFirestoreError } from './rest-error.js';

let standIn: MetadataStandIn;
beforeAll(async () => {
  standIn = await startMetadataStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.reset();
  standIn.expiresIn = 3599;
});

/** A clock the test moves by hand: tokens expire by it, nothing waits on it. */
const clock = () => {
  let ms = 1_000_000;
  return {
    now: () => ms,
    advance: (by: number) => {
      ms += by;
    },
  };
};

const endpoint = (options: MetadataEndpointOptions = {}) =>
  new MetadataEndpoint({ host: standIn.host, retryBaseMs: 1, attemptTimeoutMs: 200, ...options });

const tokenRequests = () => standIn.requests.filter((r) => r.path.endsWith('/service-accounts/default/token'));

describe('MetadataEndpoint', () => {
  it('talks to Firestore with the service account token, asked for the SDK’s scopes, one fetch for concurrent callers', async () => {
    const firestore = endpoint();
    expect(firestore.origin).toBe('https://firestore.googleapis.com');
    const [a, b, c] = await Promise.all([
      firestore.authorization(),
      firestore.authorization(),
      firestore.authorization(),
    ]);
    expect([a, b, c]).toEqual(['Bearer t1', 'Bearer t1', 'Bearer t1']);
    expect(tokenRequests()).toHaveLength(1);
    expect(tokenRequests()[0]?.query.get('scopes')).toBe(FIRESTORE_SCOPES.join(','));
  });

  it('keeps the token until five minutes before it expires (google-auth-library’s eager refresh), then renews it', async () => {
    const time = clock();
    const firestore = endpoint({ now: time.now });
    await expect(firestore.authorization()).resolves.toBe('Bearer t1');
    time.advance(standIn.expiresIn * 1000 - RENEW_BEFORE_EXPIRY_MS - 1);
    await expect(firestore.authorization()).resolves.toBe('Bearer t1');
    expect(tokenRequests()).toHaveLength(1);
    time.advance(1);
    await expect(firestore.authorization()).resolves.toBe('Bearer t2');
    expect(tokenRequests()).toHaveLength(2);
  });

  it('renews a token given with less than ten minutes left at half its lifetime, not on every call', async () => {
    standIn.expiresIn = 120;
    const time = clock();
    const firestore = endpoint({ now: time.now });
    await firestore.authorization();
    time.advance(59_999);
    await firestore.authorization();
    await firestore.authorization();
    expect(tokenRequests()).toHaveLength(1);
    time.advance(1);
    await expect(firestore.authorization()).resolves.toBe('Bearer t2');
    expect(tokenRequests()).toHaveLength(2);
  });

  it('drops the token Firestore refused, and only that one: the next call fetches a new token', async () => {
    const firestore = endpoint();
    const refusedToken = await firestore.authorization();
    firestore.refused(refusedToken);
    const renewed = await firestore.authorization();
    expect(renewed).toBe('Bearer t2');
    firestore.refused(refusedToken);
    await expect(firestore.authorization()).resolves.toBe(renewed);
    expect(tokenRequests()).toHaveLength(2);
  });

  it('tries a failing metadata server again within one call (5xx, a reset), then has the token', async () => {
    standIn.fail(500, 'reset');
    await expect(endpoint().authorization()).resolves.toBe('Bearer t1');
    expect(tokenRequests()).toHaveLength(3);
  });

  it('fails unavailable (14, a passing failure) when the metadata server times out, and asks again next time', async () => {
    standIn.fail('silent', 'silent');
    const firestore = endpoint({ attempts: 2, attemptTimeoutMs: 50 });
    const error = (await firestore.authorization().catch((e: unknown) => e)) as RestFirestoreError;
    expect(error.code).toBe(14);
    await expect(firestore.authorization()).resolves.toBe('Bearer t1');
    expect(tokenRequests()).toHaveLength(3);
  });

  it('fails unauthenticated at once when the instance has no service account (404)', async () => {
    standIn.fail(404);
    const error = (await endpoint()
      .authorization()
      .catch((e: unknown) => e)) as RestFirestoreError;
    expect(error.code).toBe(16);
    expect(tokenRequests()).toHaveLength(1);
  });

  it('refuses a token answer without Metadata-Flavor (not the metadata server)', async () => {
    standIn.fail('no-flavor');
    const error = (await endpoint()
      .authorization()
      .catch((e: unknown) => e)) as RestFirestoreError;
    expect(error.code).toBe(16);
    expect(error.message).not.toContain('t1');
  });

  it('names the project the metadata server names, asked once', async () => {
    standIn.projectId = 'from-metadata';
    const firestore = endpoint();
    const ids = await Promise.all([firestore.projectId(), firestore.projectId()]);
    await firestore.projectId();
    expect(ids).toEqual(['from-metadata', 'from-metadata']);
    expect(standIn.requests.filter((r) => r.path === '/computeMetadata/v1/project/project-id')).toHaveLength(1);
  });

  it('asks for the project again after a failed question', async () => {
    standIn.fail(404);
    const firestore = endpoint();
    await expect(firestore.projectId()).rejects.toMatchObject({ code: 16 });
    await expect(firestore.projectId()).resolves.toBe(standIn.projectId);
    expect(standIn.requests).toHaveLength(2);
  });
});
