import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionsEmulatorEnv } from '../test-utils/functions-emulator-env.js';
import { type MetadataStandIn, startMetadataStandIn } from '../test-utils/metadata-stand-in.js';
import { GoogleAuthEndpoint } from './google-auth-endpoint.js';
import { MetadataEndpoint } from './metadata-endpoint.js';
import { projectIdFromEnv, restEndpointFromEnv } from './rest-endpoint.js';

let metadata: MetadataStandIn;
beforeAll(async () => {
  metadata = await startMetadataStandIn();
});
afterAll(() => metadata.close());

describe('restEndpointFromEnv', () => {
  it('talks to the emulator with the owner token when FIRESTORE_EMULATOR_HOST is set, wherever it runs', async () => {
    const endpoint = restEndpointFromEnv({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080', K_SERVICE: 'f' });
    expect(endpoint.origin).toBe('http://127.0.0.1:8080');
    await expect(endpoint.authorization()).resolves.toBe('Bearer owner');
  });

  it('talks to Firestore with the metadata server’s token on Google Cloud, at GCE_METADATA_HOST when set', async () => {
    const endpoint = restEndpointFromEnv({ K_SERVICE: 'orderassistant', GCE_METADATA_HOST: metadata.host });
    expect(endpoint).toBeInstanceOf(MetadataEndpoint);
    expect(endpoint.origin).toBe('https://firestore.googleapis.com');
    await expect(endpoint.authorization()).resolves.toBe('Bearer t1');
    expect(metadata.requests).toHaveLength(1);
  });

  it('uses google-auth-library’s credentials elsewhere, the functions emulator included', () => {
    expect(restEndpointFromEnv({})).toBeInstanceOf(GoogleAuthEndpoint);
    expect(restEndpointFromEnv(functionsEmulatorEnv('real-project', 'orderAssistant'))).toBeInstanceOf(
      GoogleAuthEndpoint,
    );
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
