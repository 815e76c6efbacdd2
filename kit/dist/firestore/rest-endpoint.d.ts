import type { RestEndpoint } from './rest-transport.js';
/**
 * Where the REST client talks and how it is authorized, from the environment: the emulator when
 * `FIRESTORE_EMULATOR_HOST` is set (as the SDK decides); on Google Cloud ({@link onGoogleCloud}),
 * Firestore with the metadata server's token (`GCE_METADATA_IP`/`GCE_METADATA_HOST` override its
 * address, as for gcp-metadata); anywhere else, Firestore with the credentials google-auth-library
 * finds (loaded on the first call only).
 */
export declare function restEndpointFromEnv(env?: NodeJS.ProcessEnv): RestEndpoint;
/** The project the functions run in, as firebase-admin finds it in the environment. */
export declare function projectIdFromEnv(env?: NodeJS.ProcessEnv): string | undefined;
