import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metadataAuthorization, projectIdFromEnv, restEndpointFromEnv } from './rest-endpoint.js';
import { RestFirestoreError } from './rest-error.js';

// A stand-in for Google's metadata server on loopback: what Cloud Functions answers an instance.
const asked: IncomingHttpHeaders[] = [];
let status = 200;
let silent = false;
const server = createServer((request, response) => {
  asked.push(request.headers);
  if (silent) return;
  if (request.url !== '/computeMetadata/v1/instance/service-accounts/default/token') response.writeHead(404).end();
  else response.writeHead(status).end(JSON.stringify({ access_token: `t${asked.length}`, expires_in: 3600 }));
});
let host = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('metadataAuthorization', () => {
  it('fetches the service account token once, with the metadata header, and reuses it until it expires', async () => {
    status = 200;
    asked.length = 0;
    const authorization = metadataAuthorization(host);
    const [a, b] = await Promise.all([authorization(), authorization()]);
    expect(a).toBe('Bearer t1');
    expect(b).toBe('Bearer t1');
    await expect(authorization()).resolves.toBe('Bearer t1');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.['metadata-flavor']).toBe('Google');
  });

  it('fails unauthenticated when the metadata server refuses, and asks again next time', async () => {
    status = 500;
    asked.length = 0;
    const authorization = metadataAuthorization(host);
    await expect(authorization()).rejects.toMatchObject({ code: 16 });
    status = 200;
    await expect(authorization()).resolves.toMatch(/^Bearer t/);
    expect(asked).toHaveLength(2);
  });

  it('fails unauthenticated when the metadata server does not answer in time, and asks again next time', async () => {
    status = 200;
    asked.length = 0;
    silent = true;
    const authorization = metadataAuthorization(host, 100);
    const error = await authorization().catch((e: unknown) => e);
    silent = false;
    expect((error as RestFirestoreError).code).toBe(16);
    expect((error as RestFirestoreError).message).toMatch(/DEADLINE_EXCEEDED/);
    await expect(authorization()).resolves.toMatch(/^Bearer t/);
    expect(asked).toHaveLength(2);
  });

  it('fails unauthenticated when there is no metadata server', async () => {
    const error = await metadataAuthorization('127.0.0.1:1')().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestFirestoreError);
    expect((error as RestFirestoreError).code).toBe(16);
  });
});

describe('restEndpointFromEnv', () => {
  it('talks to the emulator with the owner token when FIRESTORE_EMULATOR_HOST is set', async () => {
    const endpoint = restEndpointFromEnv({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080', K_SERVICE: 'f' });
    expect(endpoint?.origin).toBe('http://127.0.0.1:8080');
    await expect(endpoint?.authorization()).resolves.toBe('Bearer owner');
  });

  it('talks to Firestore with the metadata server’s token on Google Cloud', async () => {
    status = 200;
    const endpoint = restEndpointFromEnv({ K_SERVICE: 'orderAssistant', GCE_METADATA_HOST: host });
    expect(endpoint?.origin).toBe('https://firestore.googleapis.com');
    await expect(endpoint?.authorization()).resolves.toMatch(/^Bearer t/);
  });

  it('gives no endpoint elsewhere, where only the SDK’s credential chain could authorize', () => {
    expect(restEndpointFromEnv({})).toBeUndefined();
  });
});

describe('projectIdFromEnv', () => {
  it('finds the project as firebase-admin does: GCLOUD_PROJECT, GOOGLE_CLOUD_PROJECT, then FIREBASE_CONFIG', () => {
    expect(projectIdFromEnv({ GCLOUD_PROJECT: 'a', GOOGLE_CLOUD_PROJECT: 'b' })).toBe('a');
    expect(projectIdFromEnv({ GOOGLE_CLOUD_PROJECT: 'b' })).toBe('b');
    expect(projectIdFromEnv({ FIREBASE_CONFIG: '{"projectId":"c"}' })).toBe('c');
    expect(projectIdFromEnv({ FIREBASE_CONFIG: 'not json' })).toBeUndefined();
  });
});
