import { FIRESTORE_ORIGIN, FIRESTORE_SCOPES } from './firestore-service.js';
import { UNAVAILABLE } from './http-exchange.js';
import { MetadataServer } from './metadata-server.js';
import { RestFirestoreError } from './rest-error.js';
/**
 * A token is renewed this long before it expires: google-auth-library's
 * `eagerRefreshThresholdMillis`, so a call never leaves with a token about to lapse on its way.
 */
export const RENEW_BEFORE_EXPIRY_MS = 5 * 60_000;
/** The token path, with the scopes the SDK's Compute client asks for. */
const TOKEN_KEY = `instance/service-accounts/default/token?${new URLSearchParams({ scopes: FIRESTORE_SCOPES.join(',') })}`;
/**
 * Firestore, authorized as the instance's service account: the token the metadata server gives
 * every Cloud Functions and Cloud Run instance, held until {@link RENEW_BEFORE_EXPIRY_MS} before
 * it expires (half its lifetime, if it came with less than twice that), one fetch at a time,
 * and dropped when Firestore refuses it. The project id comes from the metadata server too, for
 * a client whose options and environment name none.
 */
export class MetadataEndpoint {
    origin = FIRESTORE_ORIGIN;
    server;
    renewBeforeMs;
    now;
    token;
    fetching;
    project;
    constructor(options = {}) {
        this.server = new MetadataServer(options);
        this.renewBeforeMs = options.renewBeforeMs ?? RENEW_BEFORE_EXPIRY_MS;
        this.now = options.now ?? Date.now;
    }
    authorization() {
        const held = this.token;
        if (held && this.now() < held.renewAt)
            return Promise.resolve(held.value);
        this.fetching ??= this.fetchToken().finally(() => {
            this.fetching = undefined;
        });
        return this.fetching;
    }
    refused(authorization) {
        if (this.token?.value === authorization)
            this.token = undefined;
    }
    projectId() {
        this.project ??= this.server
            .get('project/project-id')
            .then((text) => {
            const id = text.trim();
            if (!id)
                throw new RestFirestoreError(UNAVAILABLE, 'UNAVAILABLE: the metadata server named no project');
            return id;
        })
            .catch((error) => {
            // A failure is not kept: the next call asks again.
            this.project = undefined;
            throw error;
        });
        return this.project;
    }
    async fetchToken() {
        const askedAt = this.now();
        const { access_token: accessToken, expires_in: expiresIn } = parseToken(await this.server.get(TOKEN_KEY));
        const lifetimeMs = expiresIn * 1000;
        const value = `Bearer ${accessToken}`;
        // The lifetime counts from the question, not the answer: never later than the server meant.
        this.token = { value, renewAt: askedAt + lifetimeMs - Math.min(this.renewBeforeMs, lifetimeMs / 2) };
        return value;
    }
}
/** The metadata server's token answer; anything else is a server having a bad moment. */
function parseToken(text) {
    try {
        const parsed = JSON.parse(text);
        if (typeof parsed.access_token === 'string' && parsed.access_token && typeof parsed.expires_in === 'number') {
            return { access_token: parsed.access_token, expires_in: parsed.expires_in };
        }
    }
    catch {
        // Not JSON: below.
    }
    throw new RestFirestoreError(UNAVAILABLE, 'UNAVAILABLE: the metadata server answered no token');
}
//# sourceMappingURL=metadata-endpoint.js.map