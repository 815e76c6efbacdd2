import { emulatorEndpoint } from './emulator-endpoint.js';
import { GoogleAuthEndpoint } from './google-auth-endpoint.js';
import { onGoogleCloud } from './google-cloud.js';
import { MetadataEndpoint } from './metadata-endpoint.js';
import { metadataHostFromEnv } from './metadata-server.js';
/**
 * Where the REST client talks and how it is authorized, from the environment: the emulator when
 * `FIRESTORE_EMULATOR_HOST` is set (as the SDK decides); on Google Cloud ({@link onGoogleCloud}),
 * Firestore with the metadata server's token (`GCE_METADATA_IP`/`GCE_METADATA_HOST` override its
 * address, as for gcp-metadata); anywhere else, Firestore with the credentials google-auth-library
 * finds (loaded on the first call only).
 */
export function restEndpointFromEnv(env = process.env) {
    const emulator = env.FIRESTORE_EMULATOR_HOST;
    if (emulator)
        return emulatorEndpoint(emulator);
    if (onGoogleCloud(env))
        return new MetadataEndpoint({ host: metadataHostFromEnv(env) });
    return new GoogleAuthEndpoint({ projectId: projectIdFromEnv(env) });
}
/** The project the functions run in, as firebase-admin finds it in the environment. */
export function projectIdFromEnv(env = process.env) {
    const named = env.GCLOUD_PROJECT ?? env.GOOGLE_CLOUD_PROJECT;
    if (named)
        return named;
    try {
        return JSON.parse(env.FIREBASE_CONFIG ?? '{}').projectId;
    }
    catch {
        return undefined;
    }
}
//# sourceMappingURL=rest-endpoint.js.map