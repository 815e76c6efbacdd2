import { httpExchange } from './http-exchange.js';
import { RestFirestoreError } from './rest-error.js';
import type { RestEndpoint } from './rest-transport.js';

/** The emulator takes this token as the server's own (rules bypassed), as the SDK sends it. */
const EMULATOR_AUTHORIZATION = 'Bearer owner';
/** A token is renewed this long before it expires. */
const RENEW_BEFORE_MS = 60_000;

interface MetadataToken {
  access_token: string;
  expires_in: number;
}

/** How long the metadata server has to answer: it is on the instance's own host. */
const METADATA_TIMEOUT_MS = 5_000;

async function fetchMetadataToken(host: string, timeoutMs: number): Promise<MetadataToken> {
  // The CommonJS module (see RestTransport): no ESM namespace, so undici stays unloaded.
  const http = process.getBuiltinModule('node:http');
  // `host` may carry a port (GCE_METADATA_HOST=host:port).
  const { hostname, port } = new URL(`http://${host}`);
  const options = {
    hostname,
    port,
    path: '/computeMetadata/v1/instance/service-accounts/default/token',
    headers: { 'Metadata-Flavor': 'Google' },
  };
  const answer = await httpExchange(http, options, undefined, timeoutMs).catch((error: unknown) => {
    throw new RestFirestoreError(16, `UNAUTHENTICATED: no metadata server (${(error as Error).message})`);
  });
  if (answer.status !== 200) {
    throw new RestFirestoreError(16, `UNAUTHENTICATED: the metadata server answered ${answer.status}`);
  }
  return JSON.parse(answer.text) as MetadataToken;
}

/**
 * The service account's token from the metadata server (what Cloud Functions gives every
 * instance), kept until a minute before it expires; one fetch at a time.
 */
export function metadataAuthorization(host: string, timeoutMs = METADATA_TIMEOUT_MS): () => Promise<string> {
  let token: { value: string; until: number } | undefined;
  let pending: Promise<string> | undefined;
  return async () => {
    if (token && Date.now() < token.until) return token.value;
    pending ??= fetchMetadataToken(host, timeoutMs)
      .then((fetched) => {
        const value = `Bearer ${fetched.access_token}`;
        token = { value, until: Date.now() + fetched.expires_in * 1000 - RENEW_BEFORE_MS };
        return value;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}

/**
 * Where the REST client talks: the emulator when `FIRESTORE_EMULATOR_HOST` is set (as the SDK
 * decides); Firestore itself on Google Cloud (`K_SERVICE`, set for every Cloud Functions and
 * Cloud Run instance), authorized by the metadata server (`GCE_METADATA_HOST` overrides its
 * address, as for Google's auth library); elsewhere undefined: no token without the SDK's
 * credential chain.
 */
export function restEndpointFromEnv(env: NodeJS.ProcessEnv = process.env): RestEndpoint | undefined {
  const emulator = env.FIRESTORE_EMULATOR_HOST;
  if (emulator) return { origin: `http://${emulator}`, authorization: async () => EMULATOR_AUTHORIZATION };
  if (!env.K_SERVICE) return undefined;
  return {
    origin: 'https://firestore.googleapis.com',
    authorization: metadataAuthorization(env.GCE_METADATA_HOST ?? 'metadata.google.internal'),
  };
}

/** The project the functions run in, as firebase-admin finds it. */
export function projectIdFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const named = env.GCLOUD_PROJECT ?? env.GOOGLE_CLOUD_PROJECT;
  if (named) return named;
  try {
    return (JSON.parse(env.FIREBASE_CONFIG ?? '{}') as { projectId?: string }).projectId;
  } catch {
    return undefined;
  }
}
