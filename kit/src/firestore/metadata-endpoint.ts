import { FIRESTORE_ORIGIN, FIRESTORE_SCOPES } from './firestore-service.js';
import { UNAVAILABLE } from './http-exchange.js';
import { MetadataServer, type MetadataServerOptions } from './metadata-server.js';
import { RestFirestoreError } from './rest-error.js';
import type { RestEndpoint } from './rest-transport.js';

/**
 * A token is renewed this long before it expires: google-auth-library's
 * `eagerRefreshThresholdMillis`, so a call never leaves with a token about to lapse on its way.
 */
export const RENEW_BEFORE_EXPIRY_MS = 5 * 60_000;

/** Options of {@link MetadataEndpoint}. */
export interface MetadataEndpointOptions extends MetadataServerOptions {
  /** How long before its expiry a token is renewed. Default {@link RENEW_BEFORE_EXPIRY_MS}. */
  renewBeforeMs?: number;
  /** The clock tokens expire by (tests move it). Default `Date.now`. */
  now?: () => number;
}

interface HeldToken {
  /** The `Authorization` header's value. */
  value: string;
  /** From then on, the next call fetches a new one. */
  renewAt: number;
}

/** The token path, with the scopes the SDK's Compute client asks for. */
const TOKEN_KEY = `instance/service-accounts/default/token?${new URLSearchParams({ scopes: FIRESTORE_SCOPES.join(',') })}`;

/**
 * Firestore, authorized as the instance's service account: the token the metadata server gives
 * every Cloud Functions and Cloud Run instance, held until {@link RENEW_BEFORE_EXPIRY_MS} before
 * it expires (half its lifetime, if it came with less than twice that), one fetch at a time,
 * and dropped when Firestore refuses it. The project id comes from the metadata server too, for
 * a client whose options and environment name none.
 */
export class MetadataEndpoint implements RestEndpoint {
  readonly origin = FIRESTORE_ORIGIN;
  private readonly server: MetadataServer;
  private readonly renewBeforeMs: number;
  private readonly now: () => number;
  private token: HeldToken | undefined;
  private fetching: Promise<string> | undefined;
  private project: Promise<string> | undefined;

  constructor(options: MetadataEndpointOptions = {}) {
    this.server = new MetadataServer(options);
    this.renewBeforeMs = options.renewBeforeMs ?? RENEW_BEFORE_EXPIRY_MS;
    this.now = options.now ?? Date.now;
  }

  authorization(): Promise<string> {
    const held = this.token;
    if (held && this.now() < held.renewAt) return Promise.resolve(held.value);
    this.fetching ??= this.fetchToken().finally(() => {
      this.fetching = undefined;
    });
    return this.fetching;
  }

  refused(authorization: string): void {
    if (this.token?.value === authorization) this.token = undefined;
  }

  projectId(): Promise<string> {
    this.project ??= this.server
      .get('project/project-id')
      .then((text) => {
        const id = text.trim();
        if (!id) throw new RestFirestoreError(UNAVAILABLE, 'UNAVAILABLE: the metadata server named no project');
        return id;
      })
      .catch((error: unknown) => {
        // A failure is not kept: the next call asks again.
        this.project = undefined;
        throw error;
      });
    return this.project;
  }

  private async fetchToken(): Promise<string> {
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
function parseToken(text: string): { access_token: string; expires_in: number } {
  try {
    const parsed = JSON.parse(text) as { access_token?: unknown; expires_in?: unknown };
    if (typeof parsed.access_token === 'string' && parsed.access_token && typeof parsed.expires_in === 'number') {
      return { access_token: parsed.access_token, expires_in: parsed.expires_in };
    }
  } catch {
    // Not JSON: below.
  }
  throw new RestFirestoreError(UNAVAILABLE, 'UNAVAILABLE: the metadata server answered no token');
}
