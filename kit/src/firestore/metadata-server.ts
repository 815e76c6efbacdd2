import type { IncomingMessage } from 'node:http';
import { UNAVAILABLE } from './http-exchange.js';
import { RestFirestoreError } from './rest-error.js';

/** gRPC's UNAUTHENTICATED: the instance has no usable identity (the operator's to fix). */
const UNAUTHENTICATED = 16;

/** Where gcp-metadata asks by default: the link-local address, so no DNS lookup. */
const METADATA_ADDRESS = '169.254.169.254';
/** Attempts in all of one question: gcp-metadata's (gaxios: the first and three retries). */
const ATTEMPTS = 4;
/** How long one attempt waits for an answer. gcp-metadata's off Google Cloud (on it: no limit). */
const ATTEMPT_TIMEOUT_MS = 3_000;
/** The wait before the second attempt; it doubles each time, jittered. */
const RETRY_BASE_MS = 100;

/** Statuses that say "later", as gaxios retries them (besides any 5xx). */
const PASSING_STATUSES = new Set([408, 429]);

/** How the metadata server is asked. */
export interface MetadataServerOptions {
  /**
   * `host[:port]` or an `http://` URL: `GCE_METADATA_IP` or `GCE_METADATA_HOST`, as gcp-metadata
   * reads them (see {@link metadataHostFromEnv}). Default 169.254.169.254.
   */
  host?: string;
  /** Attempts in all while the server does not answer or answers 5xx/408/429. Default 4. */
  attempts?: number;
  /** How long one attempt waits. Default 3 s. */
  attemptTimeoutMs?: number;
  /** The wait before the second attempt; it doubles each time. Default 100 ms. */
  retryBaseMs?: number;
}

/** The metadata server's address as gcp-metadata finds it: `GCE_METADATA_IP`, then `GCE_METADATA_HOST`. */
export function metadataHostFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.GCE_METADATA_IP || env.GCE_METADATA_HOST || undefined;
}

/** Why one attempt failed, and whether another may answer. */
interface AttemptFailure {
  passing: boolean;
  reason: string;
}

const failure = (passing: boolean, reason: string): AttemptFailure => ({ passing, reason });

/**
 * Google's metadata server (what every Cloud Functions and Cloud Run instance has on its own
 * host), asked as gcp-metadata asks it: with `Metadata-Flavor: Google`, and an answer counts only
 * when it carries that header back — anything else at that address is not the metadata server.
 * A connection that fails, an attempt that times out, a 5xx, 408 or 429 is tried again with
 * backoff, a bounded number of times, and then fails `UNAVAILABLE` (a passing failure). A
 * definite answer (403, 404: no service account, no such key) or a stranger's answer fails
 * `UNAUTHENTICATED` at once: the operator must act.
 */
export class MetadataServer {
  private readonly url: URL;
  private readonly attempts: number;
  private readonly attemptTimeoutMs: number;
  private readonly retryBaseMs: number;

  constructor(options: MetadataServerOptions = {}) {
    const host = options.host ?? METADATA_ADDRESS;
    this.url = new URL(/^https?:\/\//.test(host) ? host : `http://${host}`);
    this.attempts = options.attempts ?? ATTEMPTS;
    this.attemptTimeoutMs = options.attemptTimeoutMs ?? ATTEMPT_TIMEOUT_MS;
    this.retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
  }

  /** The text of `/computeMetadata/v1/<key>` (`key` may carry a query). */
  async get(key: string): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.once(key);
      if (typeof outcome === 'string') return outcome;
      if (!outcome.passing) throw new RestFirestoreError(UNAUTHENTICATED, `UNAUTHENTICATED: ${outcome.reason}`);
      if (attempt >= this.attempts) {
        throw new RestFirestoreError(UNAVAILABLE, `UNAVAILABLE: ${outcome.reason} (${attempt} attempts)`);
      }
      await pause(this.retryBaseMs * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }

  /** One attempt: the answer's text, or why it failed. Never rejects. */
  private once(key: string): Promise<string | AttemptFailure> {
    // The CommonJS module (see RestTransport): no ESM namespace, so undici stays unloaded.
    const http = process.getBuiltinModule(this.url.protocol === 'https:' ? 'node:https' : 'node:http');
    const what = `the metadata server (${key.split('?')[0]})`;
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: string | AttemptFailure) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve(outcome);
      };
      const request = http.get(
        {
          protocol: this.url.protocol,
          hostname: this.url.hostname,
          port: this.url.port,
          path: `/computeMetadata/v1/${key}`,
          headers: { 'Metadata-Flavor': 'Google' },
        },
        (response: IncomingMessage) => {
          const status = response.statusCode ?? 0;
          const google = response.headers['metadata-flavor'] === 'Google';
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
          });
          response.on('error', (error) => settle(failure(true, `${what} failed: ${error.message}`)));
          response.on('end', () => {
            // The body is never quoted: a token answer carries the token.
            if (status >= 500 || PASSING_STATUSES.has(status)) settle(failure(true, `${what} answered ${status}`));
            else if (status < 200 || status >= 300) settle(failure(false, `${what} answered ${status}`));
            else if (!google) settle(failure(false, `${what}: the answer lacks Metadata-Flavor: Google`));
            else settle(text);
          });
        },
      );
      const deadline = setTimeout(() => {
        settle(failure(true, `${what} did not answer within ${this.attemptTimeoutMs} ms`));
        request.destroy();
      }, this.attemptTimeoutMs);
      request.on('error', (error) => settle(failure(true, `${what} is unreachable: ${error.message}`)));
    });
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
