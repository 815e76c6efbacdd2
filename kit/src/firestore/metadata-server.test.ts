import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MetadataStandIn, startMetadataStandIn } from '../test-utils/metadata-stand-in.js';
import { MetadataServer, metadataHostFromEnv } from './metadata-server.js';
import { RestFirestoreError } from './rest-error.js';

let standIn: MetadataStandIn;
beforeAll(async () => {
  standIn = await startMetadataStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

/** A server on the stand-in with small waits, so a test of four attempts takes milliseconds. */
const server = (options: { attempts?: number; attemptTimeoutMs?: number } = {}) =>
  new MetadataServer({ host: standIn.host, retryBaseMs: 1, attemptTimeoutMs: 200, ...options });

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as RestFirestoreError,
  );

describe('MetadataServer', () => {
  it('asks with Metadata-Flavor: Google and answers the text of an answer that carries it back', async () => {
    standIn.projectId = 'p-1';
    await expect(server().get('project/project-id')).resolves.toBe('p-1');
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]?.path).toBe('/computeMetadata/v1/project/project-id');
    expect(standIn.requests[0]?.headers['metadata-flavor']).toBe('Google');
  });

  it('tries again after a 5xx, a 429, a reset connection and a silent attempt, then answers', async () => {
    standIn.fail(500, 429, 'reset', 'silent');
    await expect(server({ attempts: 5 }).get('project/project-id')).resolves.toBe(standIn.projectId);
    expect(standIn.requests).toHaveLength(5);
  });

  it('fails unavailable (14), not misconfigured, when every attempt times out, after its attempts', async () => {
    standIn.fail('silent', 'silent', 'silent');
    const error = await failureOf(server({ attempts: 3, attemptTimeoutMs: 50 }).get('project/project-id'));
    expect(error).toBeInstanceOf(RestFirestoreError);
    expect(error.code).toBe(14);
    expect(error.message).toMatch(/did not answer within 50 ms \(3 attempts\)/);
    expect(standIn.requests).toHaveLength(3);
  });

  it('fails unavailable when every attempt answers 503', async () => {
    standIn.fail(503, 503);
    const error = await failureOf(server({ attempts: 2 }).get('project/project-id'));
    expect(error.code).toBe(14);
    expect(standIn.requests).toHaveLength(2);
  });

  it('fails unavailable when nothing listens at the address', async () => {
    const error = await failureOf(
      new MetadataServer({ host: '127.0.0.1:1', retryBaseMs: 1 }).get('project/project-id'),
    );
    expect(error.code).toBe(14);
    expect(error.message).toMatch(/unreachable/);
  });

  it('takes an answer without Metadata-Flavor for what it is (not the metadata server): unauthenticated, at once', async () => {
    standIn.fail('no-flavor');
    const error = await failureOf(server().get('project/project-id'));
    expect(error.code).toBe(16);
    expect(error.message).toMatch(/lacks Metadata-Flavor: Google/);
    expect(standIn.requests).toHaveLength(1);
  });

  it.each([403, 404])('takes %i (no service account) as definite: unauthenticated, not tried again', async (status) => {
    standIn.fail(status);
    const error = await failureOf(server().get('instance/service-accounts/default/token'));
    expect(error.code).toBe(16);
    expect(error.message).toContain(`answered ${status}`);
    expect(standIn.requests).toHaveLength(1);
  });

  it('never quotes the answer in its errors (a token answer carries the token)', async () => {
    standIn.fail('no-flavor');
    const error = await failureOf(server().get('instance/service-accounts/default/token'));
    expect(error.message).not.toMatch(/t\d|access_token/);
  });

  it('takes its address as gcp-metadata does: GCE_METADATA_IP, then GCE_METADATA_HOST, a URL or host:port', async () => {
    expect(metadataHostFromEnv({ GCE_METADATA_IP: '10.0.0.1', GCE_METADATA_HOST: 'h:1' })).toBe('10.0.0.1');
    expect(metadataHostFromEnv({ GCE_METADATA_HOST: 'h:1' })).toBe('h:1');
    expect(metadataHostFromEnv({})).toBeUndefined();
    await expect(new MetadataServer({ host: `http://${standIn.host}` }).get('project/project-id')).resolves.toBe(
      standIn.projectId,
    );
  });
});
