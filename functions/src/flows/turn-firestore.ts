import type { DocumentDb, RestEndpoint } from '@callable-flows/kit/firestore/index.js';
import { lazy } from '@callable-flows/kit/lazy/index.js';
import { adminFirestore } from './admin-firestore.js';

/**
 * The REST endpoint the deployed turns use in environment `env`, or undefined where they use
 * firebase-admin's client:
 * - `TURNS_FIRESTORE_CLIENT=sdk` (an environment variable of the functions): firebase-admin.
 * - `FIRESTORE_EMULATOR_HOST`: the emulator, over REST (the functions emulator, tests).
 * - On Google Cloud (a deployed instance, not the functions emulator): Firestore over REST with
 *   the metadata server's token — the cold start this client exists for — unless the SDK would
 *   reach Firestore through a proxy (`grpc_proxy`/`https_proxy`/`http_proxy`, `no_proxy`
 *   respected, as grpc-js reads them), which node:http cannot: then firebase-admin, so the
 *   turns' traffic takes the route the operator set.
 * - Anywhere else (a key file, gcloud's credentials, the functions emulator against a real
 *   project): firebase-admin. No cold start is at stake there, and its credential chain is the
 *   one the rest of the process (listeners, the cleanup job, tools) authorizes with, with all of
 *   google-auth-library's kinds of credentials and the quota project header; a second chain
 *   beside it (the REST client on `GoogleAuthEndpoint`) would add a token cache and another
 *   google-auth-library copy and send less.
 */
export async function turnEndpoint(env: NodeJS.ProcessEnv = process.env): Promise<RestEndpoint | undefined> {
  if (env.TURNS_FIRESTORE_CLIENT === 'sdk') return undefined;
  const { emulatorEndpoint, FIRESTORE_ORIGIN, grpcProxyFor, MetadataEndpoint, metadataHostFromEnv, onGoogleCloud } =
    await import('@callable-flows/kit/firestore/index.js');
  if (env.FIRESTORE_EMULATOR_HOST) return emulatorEndpoint(env.FIRESTORE_EMULATOR_HOST);
  if (!onGoogleCloud(env) || grpcProxyFor(new URL(FIRESTORE_ORIGIN).hostname, env)) return undefined;
  return new MetadataEndpoint({ host: metadataHostFromEnv(env) });
}

/**
 * The Firestore the deployed turns read and write (sessions, usage counters), made on first use,
 * on {@link turnEndpoint}'s choice. Over REST a cold instance's first turn waits for a few HTTP
 * calls instead of loading the SDK's gRPC stack (docs/benchmarks.md, the cold turn). Listeners (a
 * running turn's stop) attach through firebase-admin once a turn has run a second, so a short
 * turn never loads it.
 */
export const turnFirestore: () => Promise<DocumentDb> = lazy(async () => {
  const endpoint = await turnEndpoint();
  if (!endpoint) return adminFirestore();
  const { RestFirestore } = await import('@callable-flows/kit/firestore/index.js');
  return new RestFirestore({ endpoint, listenWith: adminFirestore });
});
