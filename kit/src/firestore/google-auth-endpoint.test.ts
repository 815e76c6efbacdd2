import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MetadataStandIn, startMetadataStandIn } from '../test-utils/metadata-stand-in.js';
import { withEnv } from '../test-utils/with-env.js';
import { GoogleAuthEndpoint } from './google-auth-endpoint.js';
import type { RestFirestoreError } from './rest-error.js';

// The real google-auth-library, on credentials written here: a service account key generated
// with node:crypto, and gcloud's application default credentials (workforce identity
// federation's kind, whose token_url google-auth-library honours) whose token endpoint is a
// loopback stand-in. A metadata stand-in at GCE_METADATA_HOST would catch any metadata lookup.

let metadata: MetadataStandIn;
let dir: string;

/** A stand-in OAuth token endpoint: records each request, answers `status` with a token. */
const tokenRequests: Array<{ method?: string; body: URLSearchParams; headers: IncomingHttpHeaders }> = [];
let tokenStatus = 200;
const tokenEndpoint = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString('utf8');
  });
  request.on('end', () => {
    tokenRequests.push({ method: request.method, body: new URLSearchParams(body), headers: request.headers });
    const answer =
      tokenStatus === 200
        ? { access_token: 'from-the-token-endpoint', expires_in: 3600, token_type: 'Bearer' }
        : { error: 'invalid_grant', error_description: 'the refresh token was revoked' };
    response.writeHead(tokenStatus, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
});
let tokenUrl = '';

const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const CLIENT_EMAIL = 'turns@key-file-project.iam.gserviceaccount.com';

beforeAll(async () => {
  metadata = await startMetadataStandIn();
  await new Promise<void>((resolve) => tokenEndpoint.listen(0, '127.0.0.1', resolve));
  tokenUrl = `http://127.0.0.1:${(tokenEndpoint.address() as AddressInfo).port}/v1/oauthtoken`;
  dir = mkdtempSync(join(tmpdir(), 'google-auth-endpoint-'));
});
afterAll(async () => {
  await metadata.close();
  await new Promise<void>((resolve) => tokenEndpoint.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  metadata.reset();
  tokenRequests.length = 0;
  tokenStatus = 200;
});

/** Off Google Cloud, no credentials but what a test writes, and any metadata lookup on the stand-in. */
const offGoogleCloud = (vars: Record<string, string | undefined>) => ({
  GOOGLE_APPLICATION_CREDENTIALS: undefined,
  google_application_credentials: undefined,
  CLOUDSDK_CONFIG: join(dir, 'no-gcloud'),
  GCLOUD_PROJECT: undefined,
  GOOGLE_CLOUD_PROJECT: undefined,
  gcloud_project: undefined,
  google_cloud_project: undefined,
  GOOGLE_CLOUD_QUOTA_PROJECT: undefined,
  K_SERVICE: undefined,
  FUNCTION_NAME: undefined,
  FUNCTION_TARGET: undefined,
  CLOUD_RUN_JOB: undefined,
  GCE_METADATA_IP: undefined,
  GCE_METADATA_HOST: metadata.host,
  METADATA_SERVER_DETECTION: undefined,
  HTTPS_PROXY: undefined,
  https_proxy: undefined,
  HTTP_PROXY: undefined,
  http_proxy: undefined,
  ...vars,
});

const writeJson = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
};

const keyFile = () =>
  writeJson('key.json', {
    type: 'service_account',
    project_id: 'key-file-project',
    private_key_id: 'key-1',
    private_key: keys.privateKey,
    client_email: CLIENT_EMAIL,
    client_id: '1234567890',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    // Not used: google-auth-library 10 and 11 send JWT grants to oauth2.googleapis.com whatever
    // token_uri says, and for Firestore (as the SDK) sign their own token instead.
    token_uri: tokenUrl,
  });

/** Writes gcloud's application_default_credentials.json in a config directory of its own. */
const gcloudCredentials = (url: string) => {
  const config = mkdtempSync(join(dir, 'gcloud-'));
  writeFileSync(
    join(config, 'application_default_credentials.json'),
    JSON.stringify({
      type: 'external_account_authorized_user',
      audience: '//iam.googleapis.com/locations/global/workforcePools/pool/providers/provider',
      client_id: 'client-id',
      client_secret: 'client-secret',
      refresh_token: 'refresh-1',
      token_url: url,
    }),
  );
  return config;
};

const jwtParts = (authorization: string) => {
  const [header, payload, signature] = authorization.replace(/^Bearer /, '').split('.') as [string, string, string];
  const decode = (part: string) =>
    JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  return { header: decode(header), payload: decode(payload), signed: `${header}.${payload}`, signature };
};

describe('GoogleAuthEndpoint', () => {
  it('authorizes with the key file GOOGLE_APPLICATION_CREDENTIALS names: a JWT it signed, as the SDK does', () =>
    withEnv(offGoogleCloud({ GOOGLE_APPLICATION_CREDENTIALS: keyFile() }), async () => {
      const firestore = new GoogleAuthEndpoint();
      expect(firestore.origin).toBe('https://firestore.googleapis.com');
      const authorization = await firestore.authorization();
      const { header, payload, signed, signature } = jwtParts(authorization);
      expect(header).toMatchObject({ alg: 'RS256', kid: 'key-1' });
      expect(payload).toMatchObject({ iss: CLIENT_EMAIL, sub: CLIENT_EMAIL, aud: 'https://firestore.googleapis.com/' });
      const signedByTheKey = verify(
        'RSA-SHA256',
        Buffer.from(signed),
        createPublicKey(keys.publicKey),
        Buffer.from(signature, 'base64url'),
      );
      expect(signedByTheKey).toBe(true);
      await expect(firestore.projectId()).resolves.toBe('key-file-project');
      expect(metadata.requests).toHaveLength(0);
      expect(tokenRequests).toHaveLength(0);
    }));

  it('authorizes with gcloud’s application default credentials, the token its token endpoint gives', () =>
    withEnv(offGoogleCloud({ CLOUDSDK_CONFIG: gcloudCredentials(tokenUrl) }), async () => {
      const firestore = new GoogleAuthEndpoint({ projectId: 'adc-project' });
      await expect(firestore.authorization()).resolves.toBe('Bearer from-the-token-endpoint');
      await expect(firestore.authorization()).resolves.toBe('Bearer from-the-token-endpoint');
      expect(tokenRequests).toHaveLength(1);
      expect(tokenRequests[0]?.method).toBe('POST');
      expect(tokenRequests[0]?.body.get('grant_type')).toBe('refresh_token');
      expect(tokenRequests[0]?.body.get('refresh_token')).toBe('refresh-1');
      await expect(firestore.projectId()).resolves.toBe('adc-project');
      expect(metadata.requests).toHaveLength(0);
    }));

  it('fails unauthenticated (the operator’s) when the key file cannot be read, asking no metadata server', () =>
    withEnv(offGoogleCloud({ GOOGLE_APPLICATION_CREDENTIALS: join(dir, 'missing.json') }), async () => {
      const error = (await new GoogleAuthEndpoint().authorization().catch((e: unknown) => e)) as RestFirestoreError;
      expect(error.code).toBe(16);
      expect(metadata.requests).toHaveLength(0);
    }));

  it('fails unauthenticated when the token endpoint refuses the grant', () =>
    withEnv(offGoogleCloud({ CLOUDSDK_CONFIG: gcloudCredentials(tokenUrl) }), async () => {
      tokenStatus = 400;
      const error = (await new GoogleAuthEndpoint({ projectId: 'p' })
        .authorization()
        .catch((e: unknown) => e)) as RestFirestoreError;
      expect(error.code).toBe(16);
      expect(tokenRequests.length).toBeGreaterThan(0);
    }));

  it('fails unavailable (passing) when the token endpoint cannot be reached', () =>
    withEnv(offGoogleCloud({ CLOUDSDK_CONFIG: gcloudCredentials('http://127.0.0.1:1/v1/oauthtoken') }), async () => {
      const error = (await new GoogleAuthEndpoint({ projectId: 'p' })
        .authorization()
        .catch((e: unknown) => e)) as RestFirestoreError;
      expect(error.code).toBe(14);
      expect(metadata.requests).toHaveLength(0);
    }));
});
