import { FIRESTORE_ORIGIN, FIRESTORE_SCOPES } from './firestore-service.js';
import { UNAVAILABLE } from './http-exchange.js';
import { RestFirestoreError } from './rest-error.js';
/** gRPC's UNAUTHENTICATED: no usable credentials (the operator's to fix). */
const UNAUTHENTICATED = 16;
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
export class GoogleAuthEndpoint {
    origin = FIRESTORE_ORIGIN;
    options;
    auth;
    constructor(options = {}) {
        this.options = options;
    }
    async authorization() {
        let value;
        try {
            value = (await (await this.load()).getRequestHeaders()).get('authorization');
        }
        catch (error) {
            throw credentialsError(error);
        }
        if (!value)
            throw new RestFirestoreError(UNAUTHENTICATED, 'UNAUTHENTICATED: the credentials gave no authorization');
        return value;
    }
    async projectId() {
        try {
            return await (await this.load()).getProjectId();
        }
        catch (error) {
            throw credentialsError(error);
        }
    }
    load() {
        this.auth ??= import('google-auth-library').then(({ GoogleAuth }) => {
            const auth = new GoogleAuth({ projectId: this.options.projectId });
            // What @google-cloud/firestore's FirestoreClient sets on its GoogleAuth.
            auth.defaultScopes = [...FIRESTORE_SCOPES];
            auth.useJWTAccessWithScope = true;
            auth.defaultServicePath = new URL(FIRESTORE_ORIGIN).hostname;
            return auth;
        });
        return this.auth;
    }
}
/**
 * google-auth-library's failure as a coded error: a token endpoint that could not be reached or
 * answered 5xx/408/429 is passing (`UNAVAILABLE`); no credentials, an unreadable key file or a
 * refused grant is the operator's (`UNAUTHENTICATED`).
 */
function credentialsError(error) {
    const failed = error;
    const message = typeof failed?.message === 'string' ? failed.message : String(error);
    const status = typeof failed?.response?.status === 'number' ? failed.response.status : undefined;
    // A gaxios error carries its request (`config`); without a response, the request never got one.
    const unanswered = failed?.config !== undefined && failed.response === undefined;
    const passing = unanswered || (status !== undefined && (status >= 500 || status === 408 || status === 429));
    return passing
        ? new RestFirestoreError(UNAVAILABLE, `UNAVAILABLE: the credentials' token endpoint failed (${message})`)
        : new RestFirestoreError(UNAUTHENTICATED, `UNAUTHENTICATED: no usable credentials (${message})`);
}
//# sourceMappingURL=google-auth-endpoint.js.map