import type { RestEndpoint } from './rest-transport.js';
/** Options of {@link GoogleAuthEndpoint}. */
export interface GoogleAuthEndpointOptions {
    /**
     * The project, when the caller knows it: google-auth-library then skips its own search
     * (a key file's, `gcloud config`, the metadata server).
     */
    projectId?: string;
}
/**
 * Firestore, authorized by the credentials google-auth-library finds, in its order: the key file
 * `GOOGLE_APPLICATION_CREDENTIALS` names, gcloud's application default credentials
 * (`gcloud auth application-default login`, also workforce and workload identity federation),
 * then the metadata server where google-auth-library believes it runs on Google Cloud. The
 * library is loaded on the first call, not before: it is for processes off Google Cloud (a
 * laptop, CI, the functions emulator against a real project), never on a deployed turn's cold
 * path. It is set up as the SDK's generated client sets it up: Firestore's scopes as defaults,
 * so a service account key signs its own token (a self-signed JWT, no token round trip).
 */
export declare class GoogleAuthEndpoint implements RestEndpoint {
    readonly origin = "https://firestore.googleapis.com";
    private readonly options;
    private auth;
    constructor(options?: GoogleAuthEndpointOptions);
    authorization(): Promise<string>;
    projectId(): Promise<string>;
    private load;
}
